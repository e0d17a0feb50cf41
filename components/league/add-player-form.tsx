'use client';

import { useState, type FormEvent } from 'react';
import { addPlayer } from '@/lib/client/league';
import type { AdminPlayer, AdminTeam } from '@/lib/validation/league';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { todayText, useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

/** A signing or a rookie: the league's person id, the name, and the team from a day (or no team). */
export function AddPlayerForm({ teams, onAdded }: { teams: AdminTeam[]; onAdded(player: AdminPlayer): void }) {
  const { run, busy, error } = useLeagueAction();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [position, setPosition] = useState('');
  const [jersey, setJersey] = useState('');
  const [team, setTeam] = useState('');
  const [from, setFrom] = useState(todayText());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { id, name, position, jersey, team: team ? Number(team) : null, ...(team ? { from } : {}) };
    const added = await run((token) => addPlayer(body, token), `${name.trim()} added.`);
    if (added) onAdded(added);
  };

  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} aria-labelledby="add-player-title">
      <h2 id="add-player-title" className={styles.cardTitle}>
        Add a player
      </h2>
      <div className={styles.row}>
        <Field label="Person id" hint="The league's own id, as in its stats">
          {(props) => <input {...props} inputMode="numeric" required value={id} onChange={(e) => setId(e.target.value)} />}
        </Field>
        <Field label="Name">
          {(props) => <input {...props} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Position">
          {(props) => <input {...props} maxLength={10} value={position} onChange={(e) => setPosition(e.target.value)} placeholder="G-F" />}
        </Field>
        <Field label="Jersey">
          {(props) => <input {...props} maxLength={4} value={jersey} onChange={(e) => setJersey(e.target.value)} />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Team">
          {(props) => (
            <select {...props} value={team} onChange={(e) => setTeam(e.target.value)}>
              <option value="">No team (unsigned)</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {team && (
          <Field label="On the team from">
            {(props) => <input {...props} type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />}
          </Field>
        )}
      </div>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add player'}
        </Button>
      </div>
    </form>
  );
}
