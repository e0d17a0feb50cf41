'use client';

import { useState, type FormEvent } from 'react';
import { editTeam } from '@/lib/client/league';
import { formatLeagueDay } from '@/lib/league/league';
import type { AdminTeam } from '@/lib/validation/league';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

/** Every team; pick one to edit or rebrand it (its old names stay searchable). */
export function TeamsPanel({ teams, onChanged }: { teams: AdminTeam[]; onChanged(): void }) {
  const [picked, setPicked] = useState<number | null>(null);
  const team = teams.find((t) => t.id === picked) ?? null;
  return (
    <div className={styles.columns}>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Teams</h2>
        <ul className={styles.list} aria-label="Teams">
          {teams.map((t) => (
            <li key={t.id}>
              <button type="button" className={styles.pick} aria-pressed={picked === t.id} onClick={() => setPicked(t.id)}>
                <span className={styles.pickName}>{t.name}</span>
                <span className={styles.pickMeta}>
                  {t.abbreviation} · {t.conference}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {team && (
        <TeamEditor
          key={`${team.id}:${team.name}:${team.primaryColor}:${team.secondaryColor}:${team.conference}`}
          team={team}
          onChanged={onChanged}
        />
      )}
    </div>
  );
}

function TeamEditor({ team, onChanged }: { team: AdminTeam; onChanged(): void }) {
  const { run, busy, error } = useLeagueAction();
  const [fields, setFields] = useState({
    name: team.name,
    city: team.city,
    nickname: team.nickname,
    abbreviation: team.abbreviation,
    conference: team.conference,
    primaryColor: team.primaryColor,
    secondaryColor: team.secondaryColor,
  });
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run((token) => editTeam(team.id, fields, token), `${fields.name} saved.`)) onChanged();
  };

  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} aria-labelledby={`team-${team.id}`}>
      <div>
        <h2 id={`team-${team.id}`} className={styles.cardTitle}>
          {team.name}
        </h2>
        <p className={styles.sub}>id {team.id}. A new name, city, nickname or abbreviation keeps the old one as a former name.</p>
      </div>
      <div className={styles.row}>
        <Field label="Name">{(props) => <input {...props} required maxLength={60} value={fields.name} onChange={set('name')} />}</Field>
        <Field label="City">{(props) => <input {...props} required maxLength={40} value={fields.city} onChange={set('city')} />}</Field>
      </div>
      <div className={styles.row}>
        <Field label="Nickname">
          {(props) => <input {...props} required maxLength={40} value={fields.nickname} onChange={set('nickname')} />}
        </Field>
        <Field label="Abbreviation">
          {(props) => (
            <input {...props} required maxLength={4} pattern="[A-Z]{2,4}" value={fields.abbreviation} onChange={set('abbreviation')} />
          )}
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Conference">
          {(props) => (
            <select {...props} value={fields.conference} onChange={set('conference')}>
              <option value="East">East</option>
              <option value="West">West</option>
            </select>
          )}
        </Field>
        <Field label="Colour">
          {(props) => (
            <input
              {...props}
              className={`${props.className} ${styles.color}`}
              type="color"
              value={fields.primaryColor}
              onChange={set('primaryColor')}
            />
          )}
        </Field>
        <Field label="Second colour">
          {(props) => (
            <input
              {...props}
              className={`${props.className} ${styles.color}`}
              type="color"
              value={fields.secondaryColor}
              onChange={set('secondaryColor')}
            />
          )}
        </Field>
      </div>
      {team.formerNames.length > 0 && (
        <div>
          <h3 className={styles.formTitle}>Former names</h3>
          <ul className={styles.history}>
            {[...team.formerNames].reverse().map((f) => (
              <li key={f.until}>
                <span>
                  {f.name} ({f.abbreviation})
                </span>
                <span className={styles.changeMeta}>until {formatLeagueDay(f.until)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save team'}
        </Button>
      </div>
    </form>
  );
}
