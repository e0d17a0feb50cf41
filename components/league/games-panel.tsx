'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { addGame, editGame, listGames } from '@/lib/client/league';
import type { AdminTeam, LeagueGame } from '@/lib/validation/league';
import { BoxScorePanel } from './box-score-panel';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** An instant as a datetime-local input shows it: the browser's own time zone, no zone written. */
function localInput(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
/** What a datetime-local input holds, as an instant with its zone (the browser's). */
const fromLocalInput = (value: string) => new Date(value).toISOString();

/** The schedule over a range of days: each game's status and score, a game moved or added. */
export function GamesPanel({ teams }: { teams: AdminTeam[] }) {
  const [range, setRange] = useState(() => ({ from: dayText(Date.now() - DAY_MS), to: dayText(Date.now() + 6 * DAY_MS) }));
  const read = useCallback((token: string | null) => listGames(range, token), [range]);
  const games = useSignedInAnswer(read, 'Could not load the games');
  const reload = () => void games.load();

  const byDay = new Map<string, LeagueGame[]>();
  for (const game of games.data ?? []) {
    const day = DAY.format(new Date(game.tipoff));
    byDay.set(day, [...(byDay.get(day) ?? []), game]);
  }

  return (
    <div className={styles.columns}>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Schedule</h2>
        <div className={styles.row}>
          <Field label="From">
            {(props) => (
              <input
                {...props}
                type="date"
                value={range.from}
                onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To">
            {(props) => (
              <input
                {...props}
                type="date"
                value={range.to}
                onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
              />
            )}
          </Field>
        </div>
        {games.failed && (
          <p className={styles.error} role="alert">
            Could not load the games. Check the days (at most 62 apart) and{' '}
            <button type="button" className="button-link" onClick={reload}>
              try again
            </button>
            .
          </p>
        )}
        {!games.data && !games.failed && <p className={styles.status}>Loading...</p>}
        {games.data?.length === 0 && <p className={styles.empty}>No games on these days.</p>}
        {[...byDay.entries()].map(([day, list]) => (
          <section key={day} aria-label={day}>
            <h3 className={styles.day}>{day}</h3>
            <ul className={styles.changes}>
              {list.map((game) => (
                <GameRow
                  key={`${game.id}:${game.status}:${game.homeScore}:${game.awayScore}:${game.tipoff}`}
                  game={game}
                  onChanged={reload}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <AddGameForm teams={teams} onAdded={reload} />
    </div>
  );
}

function GameRow({ game, onChanged }: { game: LeagueGame; onChanged(): void }) {
  const { run, busy, error } = useLeagueAction();
  const [editing, setEditing] = useState(false);
  const [box, setBox] = useState(false);
  const [status, setStatus] = useState(game.status);
  const [tipoff, setTipoff] = useState(localInput(game.tipoff));
  const [awayScore, setAwayScore] = useState(game.awayScore === null ? '' : String(game.awayScore));
  const [homeScore, setHomeScore] = useState(game.homeScore === null ? '' : String(game.homeScore));
  const matchup = `${game.away.abbreviation} at ${game.home.abbreviation}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const score = (value: string) => (value.trim() === '' ? null : value.trim());
    const body = () => ({ status, tipoff: fromLocalInput(tipoff), awayScore: score(awayScore), homeScore: score(homeScore) });
    if (await run((token) => editGame(game.id, body(), token), `${matchup} saved.`)) onChanged();
  };

  return (
    <li className={styles.game}>
      <div className={styles.gameTop}>
        <span className={styles.matchup}>
          {game.away.abbreviation} {game.awayScore ?? ''} · {game.home.abbreviation} {game.homeScore ?? ''}
        </span>
        <span className={styles.changeTop}>
          <span className={styles.changeMeta}>{TIME.format(new Date(game.tipoff))}</span>
          <span className={game.status === 'live' ? `${styles.badge} ${styles.badgeLive}` : styles.badge}>{game.status}</span>
          <button type="button" className="button-link" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            {editing ? 'Close' : `Edit ${matchup}`}
          </button>
          <button type="button" className="button-link" aria-expanded={box} onClick={() => setBox((open) => !open)}>
            {box ? 'Close box score' : 'Box score'}
          </button>
        </span>
      </div>
      {editing && (
        <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={`Edit ${matchup}, game ${game.gameId}`}>
          <div className={styles.row}>
            <Field label="Status">
              {(props) => (
                <select {...props} value={status} onChange={(e) => setStatus(e.target.value as LeagueGame['status'])}>
                  <option value="scheduled">Scheduled</option>
                  <option value="live">Live</option>
                  <option value="final">Final</option>
                  <option value="postponed">Postponed</option>
                  <option value="cancelled">Cancelled</option>
                </select>
              )}
            </Field>
            <Field label={`${game.away.abbreviation} score`}>
              {(props) => <input {...props} inputMode="numeric" value={awayScore} onChange={(e) => setAwayScore(e.target.value)} />}
            </Field>
            <Field label={`${game.home.abbreviation} score`}>
              {(props) => <input {...props} inputMode="numeric" value={homeScore} onChange={(e) => setHomeScore(e.target.value)} />}
            </Field>
          </div>
          <Field label="Tip-off (your time)">
            {(props) => <input {...props} type="datetime-local" required value={tipoff} onChange={(e) => setTipoff(e.target.value)} />}
          </Field>
          <FormError error={error} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save game'}
            </Button>
          </div>
        </form>
      )}
      {box && <BoxScorePanel game={game} />}
    </li>
  );
}

function AddGameForm({ teams, onAdded }: { teams: AdminTeam[]; onAdded(): void }) {
  const { run, busy, error } = useLeagueAction();
  const [id, setId] = useState('');
  const [away, setAway] = useState(String(teams[0]?.id ?? ''));
  const [home, setHome] = useState(String(teams[1]?.id ?? ''));
  const [tipoff, setTipoff] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run((token) => addGame({ id, away, home, tipoff: fromLocalInput(tipoff) }, token), 'Game added.')) {
      // fromLocalInput runs inside the call, so a time the browser cannot read is reported like any refusal.
      setId('');
      onAdded();
    }
  };

  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} aria-labelledby="add-game-title">
      <h2 id="add-game-title" className={styles.cardTitle}>
        Add a game
      </h2>
      <Field label="Game id" hint="The league's id, such as 0022600123">
        {(props) => <input {...props} required inputMode="numeric" value={id} onChange={(e) => setId(e.target.value)} />}
      </Field>
      <div className={styles.row}>
        <Field label="Away">{(props) => <TeamSelect {...props} teams={teams} value={away} onChange={setAway} />}</Field>
        <Field label="Home">{(props) => <TeamSelect {...props} teams={teams} value={home} onChange={setHome} />}</Field>
      </div>
      <Field label="Tip-off (your time)">
        {(props) => <input {...props} type="datetime-local" required value={tipoff} onChange={(e) => setTipoff(e.target.value)} />}
      </Field>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add game'}
        </Button>
      </div>
    </form>
  );
}

function TeamSelect({
  teams,
  onChange,
  ...props
}: {
  id: string;
  className: string | undefined;
  teams: AdminTeam[];
  value: string;
  onChange(value: string): void;
}) {
  return (
    <select {...props} onChange={(e) => onChange(e.target.value)}>
      {teams.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </select>
  );
}
