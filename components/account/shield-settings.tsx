'use client';

import { useId, useState } from 'react';
import { markNotWatched, markWatched, setWatchLater } from '@/lib/client/filters';
import { SHIELD_DEFAULT_HOURS, SHIELD_HOURS } from '@/lib/filters/constants';
import type { FanFiltersAnswer, ShieldedGameDTO } from '@/lib/validation/filters';
import { useFilterChange } from './filter-change';
import type { TeamOption } from './favorite-team-picker';
import { SettingsSection } from './settings-section';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';

const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const at = (iso: string) => when.format(new Date(iso));

/** "3 hours", "2 days", "a week": how long after tip-off the shield lifts by itself. */
function hoursLabel(hours: number): string {
  if (hours === 168) return 'a week';
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return `${hours} hours`;
}

const STATES: Record<ShieldedGameDTO['state'], (game: ShieldedGameDTO) => string> = {
  upcoming: () => 'Shielded from tip-off',
  shielded: (game) => `Shielded until ${at(game.until)}`,
  watched: () => 'Watched',
  over: () => 'Shield lifted',
};

type ShieldSettingsProps = { filters: FanFiltersAnswer; teams: TeamOption[]; apply(filters: FanFiltersAnswer): void };

/**
 * The spoiler shield: teams the fan watches later, and single games not watched yet. From tip-off, what is said
 * about such a game collapses behind "Spoiler" in every list until they tap Watched or the hours they chose pass.
 */
export function ShieldSettings({ filters, teams, apply }: ShieldSettingsProps) {
  const id = useId();
  const { change, busy, status } = useFilterChange(apply);
  const [team, setTeam] = useState('');
  const [game, setGame] = useState('');
  const [hours, setHours] = useState<number>(SHIELD_DEFAULT_HOURS);
  const watching = new Set(filters.watchLater.map((w) => w.team));
  const marked = new Set(filters.games.filter((g) => g.marked).map((g) => g._id));

  return (
    <SettingsSection
      id="shield-title"
      title="Spoiler shield"
      hint="Watching a game later? From tip-off, takes and comments about it fold behind “Spoiler” until you tap Watched, or the time you choose passes."
    >
      <label htmlFor={`${id}-hours`} className={styles.teamLabel}>
        Lift the shield by itself
      </label>
      <Select id={`${id}-hours`} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
        {SHIELD_HOURS.map((h) => (
          <option key={h} value={h}>
            {hoursLabel(h)} after tip-off
          </option>
        ))}
      </Select>

      <label htmlFor={`${id}-team`} className={styles.teamLabel}>
        A team you watch later
      </label>
      <div className={styles.inline}>
        <Select id={`${id}-team`} value={team} onChange={(event) => setTeam(event.target.value)}>
          <option value="">Choose a team</option>
          {teams
            .filter((t) => !watching.has(t.id))
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
        </Select>
        <Button
          type="button"
          variant="primary"
          disabled={busy || !team}
          onClick={() =>
            void change((token) => setWatchLater(Number(team), hours, token), 'Team added to your spoiler shield.').then(
              (done) => done && setTeam(''),
            )
          }
        >
          Watch later
        </Button>
      </div>
      <p className={status?.error ? styles.error : styles.saved} role="status">
        {status?.text}
      </p>

      <div className={styles.people}>
        <h3 className={styles.peopleTitle}>Teams you watch later</h3>
        {filters.watchLater.length === 0 ? (
          <p className={styles.hint}>No teams yet.</p>
        ) : (
          <ul className={styles.peopleList} aria-label="Teams you watch later">
            {filters.watchLater.map((w) => (
              <li key={w.team} className={styles.person}>
                <span className={styles.rule}>
                  <span className={styles.ruleName}>{w.name}</span>
                  <span className={styles.hint}>Lifts {hoursLabel(w.hours)} after tip-off, or when you tap Watched</span>
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void change((token) => setWatchLater(w.team, null, token), `${w.name} left your spoiler shield.`)}
                  aria-label={`Stop watching ${w.name} later`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className={styles.people}>
        <h3 className={styles.peopleTitle}>Games</h3>
        {filters.games.length === 0 ? (
          <p className={styles.hint}>No shielded games this week.</p>
        ) : (
          <ul className={styles.peopleList} aria-label="Shielded games">
            {filters.games.map((g) => (
              <li key={g._id} className={styles.person}>
                <span className={styles.rule}>
                  <span className={styles.ruleName}>{g.matchup}</span>
                  <span className={styles.hint}>
                    {at(g.tipoff)} · {STATES[g.state](g)}
                  </span>
                </span>
                {g.state === 'watched' ? (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void change((token) => markNotWatched(g._id, hours, token), `${g.matchup} is shielded again.`)}
                    aria-label={`Not watched yet: ${g.matchup}`}
                  >
                    Not watched yet
                  </Button>
                ) : (
                  g.state !== 'over' && (
                    <Button
                      type="button"
                      variant="primary"
                      disabled={busy}
                      onClick={() => void change((token) => markWatched(g._id, token), `Marked ${g.matchup} watched.`)}
                      aria-label={`Watched ${g.matchup}`}
                    >
                      Watched
                    </Button>
                  )
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <label htmlFor={`${id}-game`} className={styles.teamLabel}>
        One game you have not watched yet
      </label>
      <div className={styles.inline}>
        <Select id={`${id}-game`} value={game} onChange={(event) => setGame(event.target.value)}>
          <option value="">{filters.slate.length === 0 ? 'No games in the next two days' : 'Choose a game'}</option>
          {filters.slate
            .filter((g) => !marked.has(g._id))
            .map((g) => (
              <option key={g._id} value={g._id}>
                {g.matchup} · {at(g.tipoff)}
              </option>
            ))}
        </Select>
        <Button
          type="button"
          variant="primary"
          disabled={busy || !game}
          onClick={() =>
            void change((token) => markNotWatched(Number(game), hours, token), 'Game added to your spoiler shield.').then(
              (done) => done && setGame(''),
            )
          }
        >
          Not watched yet
        </Button>
      </div>
    </SettingsSection>
  );
}
