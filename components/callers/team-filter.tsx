'use client';

import Form from 'next/form';
import { useId } from 'react';
import styles from './callers.module.css';

type TeamFilterProps = {
  teams: { id: number | string; name: string }[];
  team: number | null;
  /** The board's other parameters, kept when the team changes. */
  keep: Record<string, string>;
};

/**
 * The team filter as a GET form: without JavaScript the button sends it; with
 * it, choosing a team sends it at once and next/form navigates without a reload.
 */
export function TeamFilter({ teams, team, keep }: TeamFilterProps) {
  const id = useId();
  return (
    <Form action="/callers" className={styles.filter} scroll={false}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className={styles.filterLabel}>
        Fans of
      </label>
      <select
        id={id}
        name="team"
        className={styles.select}
        defaultValue={team === null ? '' : String(team)}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">Every team</option>
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      <button type="submit" className={`button button-secondary ${styles.apply}`}>
        Show
      </button>
    </Form>
  );
}
