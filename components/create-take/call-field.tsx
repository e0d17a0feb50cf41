'use client';

import { useEffect, useState } from 'react';
import { type CallKind, type CallTerms, describeCall, type PlayerStat, PLAYER_STATS } from '@/lib/calls/calls';
import { CALL_LINES } from '@/lib/calls/constants';
import { fetchCallGames } from '@/lib/client/calls';
import { isAbortError } from '@/lib/client/api';
import { tipoffLabel } from '@/lib/games/game-day';
import type { CallGame, CallGames } from '@/lib/validation/calls';
import type { EntityOption } from './entity-options';
import styles from './create-take.module.css';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';

/**
 * The call a take may carry (docs/product.md#calls), in the composer: loaded when the fan asks to add one. What it
 * offers follows the take's focus: on a game, that game's calls (a team wins, by N or more, the total, a player's
 * line); on a player, his line in one of his team's next games; on a team, its next games' calls and its season's
 * (wins, finishing ahead of another team). Games are today's and upcoming ones that have not tipped off. The server
 * checks the call again when the take is posted, and names the field of anything wrong.
 */

/** The call as the create-take payload sends it (lib/validation/calls.ts callInput). */
export type CallDraft = Record<string, unknown> & { kind: CallKind };

const KIND_LABELS: Record<CallKind, string> = {
  win: 'A team wins',
  margin: 'A team wins by N or more',
  total: 'Total points over or under N',
  player: "A player's line: at least N",
  'season-wins': 'Season: at least N wins',
  'season-better': 'Season: finishes ahead of another team',
};
const GAME_KINDS: CallKind[] = ['win', 'margin', 'total', 'player'];
const LINE_LABELS: Record<CallKind, string> = {
  win: '',
  margin: 'By at least (points)',
  total: 'Total points (N)',
  player: 'At least (N)',
  'season-wins': 'Wins, at least',
  'season-better': '',
};
const STAT_LABELS: Record<PlayerStat, string> = { points: 'Points', rebounds: 'Rebounds', assists: 'Assists', threes: 'Threes made' };

type Props = {
  id: string;
  focus: EntityOption;
  /** Every team, for a season call's other team. */
  teams: EntityOption[];
  onChange(call: CallDraft | null): void;
  onRemove(): void;
};

type Draft = {
  kind: CallKind;
  game: number | null;
  team: number | null;
  other: number | null;
  player: number | null;
  stat: PlayerStat;
  side: 'over' | 'under';
  line: string;
};

function kindsFor(focus: EntityOption): CallKind[] {
  if (focus.entityType === 'player') return ['player'];
  if (focus.entityType === 'team') return [...GAME_KINDS, 'season-wins', 'season-better'];
  return GAME_KINDS;
}

/** The draft as the payload's call, or null while it misses a choice. The line goes as typed; the server checks its bounds. */
function toCall(draft: Draft, season: string | null): CallDraft | null {
  const line = draft.line.trim() === '' ? null : Number(draft.line);
  const { kind, game, team, other, player, stat, side } = draft;
  if (kind === 'season-wins') return team === null || line === null ? null : { kind, team, line, ...(season ? { season } : {}) };
  if (kind === 'season-better') return team === null || other === null ? null : { kind, team, other, ...(season ? { season } : {}) };
  if (game === null) return null;
  if (kind === 'win') return team === null ? null : { kind, game, team };
  if (kind === 'margin') return team === null || line === null ? null : { kind, game, team, line };
  if (kind === 'total') return line === null ? null : { kind, game, side, line };
  return player === null || line === null ? null : { kind, game, player, stat, line };
}

export function CallField({ id, focus, teams, onChange, onRemove }: Props) {
  const [games, setGames] = useState<CallGames | null>(null);
  const [failed, setFailed] = useState(false);
  const kinds = kindsFor(focus);
  const focusTeam = focus.entityType === 'team' ? Number(focus.value) : null;
  const focusPlayer = focus.entityType === 'player' ? Number(focus.value) : null;
  const [draft, setDraft] = useState<Draft>({
    kind: kinds[0]!,
    game: focus.entityType === 'game' ? Number(focus.value) : null,
    team: focusTeam,
    other: null,
    player: focusPlayer,
    stat: 'points',
    side: 'over',
    line: '',
  });

  useEffect(() => {
    const controller = new AbortController();
    const ask =
      focusTeam !== null
        ? { team: focusTeam }
        : focusPlayer !== null
          ? { player: focusPlayer }
          : focus.entityType === 'game'
            ? { game: Number(focus.value) }
            : {};
    fetchCallGames(ask, controller.signal)
      .then((answer) => {
        const offered = answer.games;
        setGames({ ...answer, games: offered });
        setDraft((d) => (d.game === null && offered[0] ? { ...d, game: offered[0].id } : d));
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Create take: could not load the games to call', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [focus.entityType, focus.value, focusTeam, focusPlayer]);

  const game: CallGame | undefined = games?.games.find((g) => g.id === draft.game);
  const update = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onChange(toCall(next, games?.season ?? null));
  };
  const names = {
    team: (team: number) =>
      game?.home.id === team
        ? game.home.nickname
        : game?.away.id === team
          ? game.away.nickname
          : (teams.find((t) => t.value === team)?.label ?? ''),
    player: (player: number) => game?.players.find((p) => p.id === player)?.name ?? focus.label,
  };
  const call = toCall(draft, games?.season ?? null);
  const isSeason = draft.kind === 'season-wins' || draft.kind === 'season-better';
  const bounds =
    draft.kind === 'player'
      ? CALL_LINES[draft.stat]
      : draft.kind === 'season-wins'
        ? CALL_LINES.wins
        : CALL_LINES[draft.kind === 'total' ? 'total' : 'margin'];
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <fieldset className={styles.callField}>
      <legend className={styles.callLegend}>Your call</legend>
      <div className={styles.field}>
        <label htmlFor={`${id}-kind`}>Kind</label>
        <Select id={`${id}-kind`} value={draft.kind} onChange={(e) => update({ kind: e.target.value as CallKind, line: '' })}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
      </div>

      {!isSeason &&
        (failed ? (
          <p className={styles.hint} role="alert">
            Could not load the games. Close and try again.
          </p>
        ) : games === null ? (
          <p className={styles.hint}>Loading games...</p>
        ) : games.games.length === 0 ? (
          <p className={styles.hint}>
            {focus.entityType === 'game' ? 'This game has tipped off: calls on it are locked.' : 'No upcoming games to call.'}
          </p>
        ) : (
          <div className={styles.field}>
            <label htmlFor={`${id}-game`}>Game</label>
            <Select
              id={`${id}-game`}
              value={draft.game ?? ''}
              onChange={(e) => update({ game: Number(e.target.value), team: focusTeam, player: focusPlayer })}
            >
              {games.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.away.nickname} @ {g.home.nickname} · {tipoffLabel(new Date(g.tipoff), zone)}
                </option>
              ))}
            </Select>
          </div>
        ))}

      {(draft.kind === 'win' || draft.kind === 'margin') && game && (
        <div className={styles.field}>
          <label htmlFor={`${id}-team`}>Team</label>
          <Select id={`${id}-team`} value={draft.team ?? ''} onChange={(e) => update({ team: Number(e.target.value) })}>
            <option value="">Choose a team</option>
            {[game.away, game.home].map((t) => (
              <option key={t.id} value={t.id}>
                {t.nickname}
              </option>
            ))}
          </Select>
        </div>
      )}

      {draft.kind === 'season-better' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-other`}>Finishes ahead of</label>
          <Select id={`${id}-other`} value={draft.other ?? ''} onChange={(e) => update({ other: Number(e.target.value) })}>
            <option value="">Choose a team</option>
            {teams
              .filter((t) => t.value !== focusTeam)
              .map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
          </Select>
        </div>
      )}

      {draft.kind === 'player' && game && (
        <div className={styles.callRow}>
          <div className={styles.field}>
            <label htmlFor={`${id}-player`}>Player</label>
            <Select
              id={`${id}-player`}
              value={draft.player ?? ''}
              disabled={focusPlayer !== null}
              onChange={(e) => update({ player: Number(e.target.value) })}
            >
              <option value="">Choose a player</option>
              {game.players.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-stat`}>Stat</label>
            <Select id={`${id}-stat`} value={draft.stat} onChange={(e) => update({ stat: e.target.value as PlayerStat })}>
              {PLAYER_STATS.map((stat) => (
                <option key={stat} value={stat}>
                  {STAT_LABELS[stat]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      )}

      {draft.kind === 'total' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-side`}>Over or under</label>
          <Select id={`${id}-side`} value={draft.side} onChange={(e) => update({ side: e.target.value as 'over' | 'under' })}>
            <option value="over">Over</option>
            <option value="under">Under</option>
          </Select>
        </div>
      )}

      {draft.kind !== 'win' && draft.kind !== 'season-better' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-line`}>{LINE_LABELS[draft.kind]}</label>
          <Input
            id={`${id}-line`}
            type="number"
            inputMode="decimal"
            min={bounds.min}
            max={bounds.max}
            step={draft.kind === 'total' ? 0.5 : 1}
            value={draft.line}
            onChange={(e) => update({ line: e.target.value })}
            aria-describedby={`${id}-line-hint`}
          />
          <p id={`${id}-line-hint`} className={styles.hint}>
            {bounds.min} to {bounds.max} {bounds.unit}
          </p>
        </div>
      )}

      <p className={styles.callPreview} aria-live="polite">
        {call
          ? describeCall(
              { game: null, season: null, team: null, other: null, player: null, stat: null, side: null, line: null, ...call } as CallTerms,
              names,
            )
          : 'Choose the rest of your call.'}
      </p>
      <p className={styles.hint}>
        {isSeason
          ? "Locks at the team's first game of the season (or now, once it has begun); settles when its result can no longer change."
          : 'Locks at tip-off; settles from the final score and box score. It cannot be changed once posted.'}
      </p>
      <Button type="button" variant="secondary" onClick={onRemove}>
        Remove call
      </Button>
    </fieldset>
  );
}
