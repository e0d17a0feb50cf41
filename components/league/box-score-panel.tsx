'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { listLines, putLine } from '@/lib/client/league';
import type { LeagueGame } from '@/lib/validation/league';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

const minutesText = (minutes: number) => {
  const whole = Math.floor(minutes);
  return `${whole}:${String(Math.round((minutes - whole) * 60)).padStart(2, '0')}`;
};

type Stats = { minutes: string; points: string; rebounds: string; assists: string; threes: string };
const EMPTY: Stats = { minutes: '', points: '0', rebounds: '0', assists: '0', threes: '0' };

/**
 * A game's box score in the console (docs/league-data.md#box-scores): its lines, and one line entered or corrected.
 * Each save is a league change like any other, logged, and it settles the game's player calls on its write. A whole
 * box score is better imported as a file (the Import tab), so its player calls settle at once.
 */
export function BoxScorePanel({ game }: { game: LeagueGame }) {
  const read = useCallback((token: string | null) => listLines(game.id, token), [game.id]);
  const lines = useSignedInAnswer(read, 'Could not load the box score');
  const { run, busy, error } = useLeagueAction();
  const [player, setPlayer] = useState('');
  const [stats, setStats] = useState<Stats>(EMPTY);
  const roster = lines.data?.players ?? [];
  const listed = lines.data?.lines.find((l) => String(l.player.id) === player);
  const onRoster = roster.find((p) => String(p.id) === player);
  const team = onRoster?.team ?? listed?.team.id ?? null;
  const name = onRoster?.name ?? listed?.player.name ?? 'The line';

  const pick = (id: string) => {
    setPlayer(id);
    const line = lines.data?.lines.find((l) => String(l.player.id) === id);
    setStats(
      line
        ? {
            minutes: minutesText(line.minutes),
            points: String(line.points),
            rebounds: String(line.rebounds),
            assists: String(line.assists),
            threes: String(line.threes),
          }
        : EMPTY,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (team === null) return;
    const body = { team, ...stats, minutes: stats.minutes.trim() || '0' };
    if (await run((token) => putLine(game.id, Number(player), body, token), `${name}: line saved.`)) void lines.load();
  };

  const field = (key: keyof Stats, label: string, hint?: string) => (
    <Field label={label} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          inputMode={key === 'minutes' ? 'text' : 'numeric'}
          required={key === 'minutes'}
          value={stats[key]}
          onChange={(e) => setStats({ ...stats, [key]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <div className={styles.form}>
      <h4 className={styles.day}>Box score</h4>
      {lines.failed && (
        <p className={styles.error} role="alert">
          Could not load the box score.{' '}
          <button type="button" className="button-link" onClick={() => void lines.load()}>
            Try again
          </button>
        </p>
      )}
      {!lines.data && !lines.failed && <p className={styles.status}>Loading...</p>}
      {lines.data?.lines.length === 0 && <p className={styles.empty}>No lines yet. Import the box score, or enter a line.</p>}
      {lines.data && lines.data.lines.length > 0 && (
        <ul className={styles.lines}>
          {lines.data.lines.map((l) => (
            <li key={l.player.id}>
              <strong>{l.player.name}</strong> ({l.team.abbreviation}){' '}
              {l.minutes > 0
                ? `${minutesText(l.minutes)}, ${l.points} pts, ${l.rebounds} reb, ${l.assists} ast, ${l.threes} 3PM`
                : 'did not play'}
            </li>
          ))}
        </ul>
      )}
      {lines.data && (
        <form onSubmit={(e) => void submit(e)} aria-label={`A line of the box score of game ${game.gameId}`} className={styles.form}>
          <Field label="Player">
            {(props) => (
              <select {...props} value={player} required onChange={(e) => pick(e.target.value)}>
                <option value="">Choose a player</option>
                {[game.away, game.home].map((t) => (
                  <optgroup key={t.id} label={t.name}>
                    {roster
                      .filter((p) => p.team === t.id)
                      .map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <div className={styles.row}>
            {field('minutes', 'Minutes', '34:12; 0 did not play')}
            {field('points', 'Points')}
            {field('rebounds', 'Rebounds')}
          </div>
          <div className={styles.row}>
            {field('assists', 'Assists')}
            {field('threes', 'Threes made')}
          </div>
          <FormError error={error} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={busy || team === null}>
              {busy ? 'Saving...' : 'Save line'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
