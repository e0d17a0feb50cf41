'use client';

import { useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { isAbortError } from '@/lib/client/api';
import { findPlayers } from '@/lib/client/league';
import type { AdminPlayer, AdminTeam } from '@/lib/validation/league';
import { AddPlayerForm } from './add-player-form';
import { Field } from '@/components/ui/field';
import { PlayerEditor } from './player-editor';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

const STATUS_LABELS: Record<AdminPlayer['status'], string> = {
  active: 'Active',
  retired: 'Retired',
  waived: 'Waived',
  unsigned: 'Unsigned',
};
/** How long typing pauses before the console asks (the search box's own debounce is for fans; this is the same idea). */
const SEARCH_DELAY_MS = 250;

/** Find a player by name, team or status; pick one to edit, trade, sign or mark inactive; or add one. */
export function PlayersPanel({ teams }: { teams: AdminTeam[] }) {
  const { getToken } = useAuth();
  const [q, setQ] = useState('');
  const [team, setTeam] = useState('');
  const [status, setStatus] = useState('');
  const [found, setFound] = useState<AdminPlayer[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<AdminPlayer | null>(null);
  const [adding, setAdding] = useState(false);

  const asking = Boolean(q.trim() || team || status);
  useEffect(() => {
    if (!asking) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void getToken()
        .then((token) =>
          findPlayers({ q: q.trim(), team: team ? Number(team) : undefined, status: status || undefined }, token, abort.signal),
        )
        .then(
          (players) => {
            setFound(players);
            setFailed(false);
          },
          (error: unknown) => {
            if (isAbortError(error)) return;
            console.error('Could not find players', error);
            setFailed(true);
          },
        );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [asking, q, team, status, getToken]);

  const changed = (player: AdminPlayer) => {
    setPicked(player);
    setFound((list) => list?.map((p) => (p.id === player.id ? player : p)) ?? list);
  };

  return (
    <div className={styles.columns}>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Find a player</h2>
        <div className={styles.row}>
          <Field label="Name">
            {(props) => (
              <input {...props} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="jay tat" autoComplete="off" />
            )}
          </Field>
          <Field label="Team">
            {(props) => (
              <select {...props} value={team} onChange={(e) => setTeam(e.target.value)}>
                <option value="">Any team</option>
                {teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Status">
            {(props) => (
              <select {...props} value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">Any status</option>
                {Object.entries(STATUS_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {failed && (
          <p className={styles.error} role="alert">
            Could not search the players. Try again.
          </p>
        )}
        {!asking && <p className={styles.empty}>Type a name, or pick a team or a status.</p>}
        {asking && found === null && !failed && <p className={styles.status}>Loading...</p>}
        {asking && found?.length === 0 && <p className={styles.empty}>No player matches.</p>}
        {asking && found && found.length > 0 && (
          <ul className={styles.list} aria-label="Players found">
            {found.map((player) => (
              <li key={player.id}>
                <button
                  type="button"
                  className={styles.pick}
                  aria-pressed={picked?.id === player.id}
                  onClick={() => {
                    setPicked(player);
                    setAdding(false);
                  }}
                >
                  <span className={styles.pickName}>{player.name}</span>
                  <span className={styles.pickMeta}>{player.team ? player.team.abbreviation : STATUS_LABELS[player.status]}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <Button
            type="button"
            variant="secondary"
            aria-expanded={adding}
            onClick={() => {
              setAdding((open) => !open);
              setPicked(null);
            }}
          >
            Add a player
          </Button>
        </div>
      </div>
      {adding && <AddPlayerForm teams={teams} onAdded={(player) => changed(player)} />}
      {picked && !adding && (
        <PlayerEditor
          key={`${picked.id}:${picked.team?.id}:${picked.status}:${picked.stints.length}:${picked.name}`}
          player={picked}
          teams={teams}
          onChanged={changed}
        />
      )}
    </div>
  );
}
