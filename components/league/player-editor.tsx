'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { editPlayer, markInactive, movePlayer } from '@/lib/client/league';
import { entityHref } from '@/lib/league/entities';
import { formatLeagueDay } from '@/lib/league/league';
import type { AdminPlayer, AdminTeam } from '@/lib/validation/league';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { todayText, useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

type Props = { player: AdminPlayer; teams: AdminTeam[]; onChanged(player: AdminPlayer): void };

/** One player: his stints, and the forms that change him. Each form is one audited change. */
export function PlayerEditor({ player, teams, onChanged }: Props) {
  const lastMove = player.lastMove ? formatLeagueDay(player.lastMove) : null;
  return (
    <div className={styles.card} aria-labelledby={`player-${player.id}`}>
      <div>
        <h2 id={`player-${player.id}`} className={styles.cardTitle}>
          <Link href={entityHref('player', player.id)}>{player.name}</Link>
        </h2>
        <p className={styles.sub}>
          {[player.position, player.jersey && `#${player.jersey}`, `id ${player.id}`].filter(Boolean).join(' · ')} ·{' '}
          <span className={player.status === 'active' ? `${styles.badge} ${styles.badgeLive}` : `${styles.badge} ${styles.badgeOff}`}>
            {player.status}
          </span>
        </p>
      </div>
      <div>
        <h3 className={styles.formTitle}>Teams</h3>
        {player.stints.length === 0 ? (
          <p className={styles.empty}>No team yet.</p>
        ) : (
          <ol className={styles.history} aria-label={`${player.name}'s teams`} reversed>
            {[...player.stints].reverse().map((stint) => (
              <li key={`${stint.team.id}:${stint.from}`}>
                <span>{stint.team.name}</span>
                <span className={styles.changeMeta}>
                  {stint.from ? formatLeagueDay(stint.from) : 'before the records'} – {stint.to ? formatLeagueDay(stint.to) : 'now'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <MoveForm player={player} teams={teams} lastMove={lastMove} onChanged={onChanged} />
      {player.status === 'active' && <InactiveForm player={player} lastMove={lastMove} onChanged={onChanged} />}
      <DetailsForm player={player} onChanged={onChanged} />
    </div>
  );
}

function MoveForm({ player, teams, lastMove, onChanged }: Props & { lastMove: string | null }) {
  const { run, busy, error } = useLeagueAction();
  const others = teams.filter((t) => t.id !== player.team?.id);
  const [team, setTeam] = useState(String(others[0]?.id ?? ''));
  const [from, setFrom] = useState(todayText());
  const verb = player.team ? 'Trade' : 'Sign';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = teams.find((t) => String(t.id) === team)?.name ?? 'the team';
    const moved = await run((token) => movePlayer(player.id, { team, from }, token), `${player.name} moved to ${to}.`);
    if (moved) onChanged(moved);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={`${verb} ${player.name}`}>
      <h3 className={styles.formTitle}>{player.team ? 'Trade to a team' : 'Sign with a team'}</h3>
      <div className={styles.row}>
        <Field label="New team">
          {(props) => (
            <select {...props} value={team} onChange={(e) => setTeam(e.target.value)}>
              {others.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From" hint={lastMove ? `Not before his last move, ${lastMove}` : undefined}>
          {(props) => <input {...props} type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
      </div>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy || !team}>
          {busy ? 'Saving...' : verb}
        </Button>
      </div>
    </form>
  );
}

function InactiveForm({ player, lastMove, onChanged }: Omit<Props, 'teams'> & { lastMove: string | null }) {
  const { run, busy, error } = useLeagueAction();
  const [status, setStatus] = useState<'retired' | 'waived' | 'unsigned'>('waived');
  const [from, setFrom] = useState(todayText());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run((token) => markInactive(player.id, { status, from }, token), `${player.name} is ${status}.`);
    if (done) onChanged(done);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={`Mark ${player.name} inactive`}>
      <h3 className={styles.formTitle}>Mark inactive</h3>
      <div className={styles.row}>
        <Field label="Status">
          {(props) => (
            <select {...props} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
              <option value="waived">Waived</option>
              <option value="unsigned">Unsigned (free agent)</option>
              <option value="retired">Retired</option>
            </select>
          )}
        </Field>
        <Field label="Left his team on" hint={lastMove ? `Not before his last move, ${lastMove}` : undefined}>
          {(props) => <input {...props} type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
      </div>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Saving...' : 'Mark inactive'}
        </Button>
      </div>
    </form>
  );
}

function DetailsForm({ player, onChanged }: Omit<Props, 'teams'>) {
  const { run, busy, error } = useLeagueAction();
  const [name, setName] = useState(player.name);
  const [position, setPosition] = useState(player.position);
  const [jersey, setJersey] = useState(player.jersey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run((token) => editPlayer(player.id, { name, position, jersey }, token), 'Player saved.');
    if (done) onChanged(done);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={`Edit ${player.name}`}>
      <h3 className={styles.formTitle}>Details</h3>
      <Field label="Name">
        {(props) => <input {...props} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <div className={styles.row}>
        <Field label="Position">
          {(props) => <input {...props} maxLength={10} value={position} onChange={(e) => setPosition(e.target.value)} />}
        </Field>
        <Field label="Jersey">
          {(props) => <input {...props} maxLength={4} value={jersey} onChange={(e) => setJersey(e.target.value)} />}
        </Field>
      </div>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Saving...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
