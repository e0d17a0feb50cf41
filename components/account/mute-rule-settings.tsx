'use client';

import { useId, useState, type FormEvent } from 'react';
import { EntityCombobox } from '@/components/create-take/entity-combobox';
import { listEntities } from '@/lib/client/entities';
import { addMuteRule, removeMuteRule } from '@/lib/client/filters';
import { MUTED_WORD_MAX_LENGTH, type MuteDuration } from '@/lib/filters/constants';
import type { FanFiltersAnswer, MuteRuleDTO } from '@/lib/validation/filters';
import { useFilterChange } from './filter-change';
import { SettingsSection } from './settings-section';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';

type Subject = { value: number | string; label: string; entityType: 'player' | 'team' | 'special' };
type Action = MuteRuleDTO['action'];

const DURATIONS: { value: MuteDuration; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: 'always', label: 'Always' },
];
const KINDS = { word: 'Word', player: 'Player', team: 'Team' } as const;
const ACTIONS = { hide: 'Hidden', collapse: 'Collapsed' } as const;

const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

let subjects: Promise<Subject[]> | null = null;

/** Players and teams to mute, loaded when the box is first used and kept for the page's life. */
function loadSubjects(): Promise<Subject[]> {
  subjects ??= Promise.all([listEntities('player'), listEntities('team')]).then(
    ([players, teams]) => [
      ...teams.map((t) => ({ value: t.id, label: t.name, entityType: 'team' as const })),
      ...players.map((p) => ({ value: p.id, label: p.name, entityType: 'player' as const })),
    ],
    (error: unknown) => {
      subjects = null;
      console.error('Could not load players and teams', error);
      return [];
    },
  );
  return subjects;
}

type MuteRuleSettingsProps = { rules: MuteRuleDTO[]; apply(filters: FanFiltersAnswer): void };

/**
 * Muted words, players and teams: each hides what matches it, or collapses it behind the reason, for a day, a week
 * or until removed. A word matches whole words whatever the case or accents; a player or team matches takes about
 * them, however they are named.
 */
export function MuteRuleSettings({ rules, apply }: MuteRuleSettingsProps) {
  const id = useId();
  const { change, busy, status } = useFilterChange(apply);
  const [word, setWord] = useState('');
  const [action, setAction] = useState<Action>('hide');
  const [duration, setDuration] = useState<MuteDuration>('always');
  const [options, setOptions] = useState<Subject[] | null>(null);

  const loadOptions = () => {
    if (options === null) void loadSubjects().then(setOptions);
  };

  const addWord = async (event: FormEvent) => {
    event.preventDefault();
    const typed = word.trim();
    if (!typed) return;
    if (await change((token) => addMuteRule({ kind: 'word', word: typed, action, duration }, token), `Muted “${typed}”.`)) setWord('');
  };

  const addSubject = (subject: Subject) => {
    if (subject.entityType === 'special' || typeof subject.value !== 'number') return;
    const kind = subject.entityType;
    const value = subject.value;
    void change((token) => addMuteRule({ kind, id: value, action, duration }, token), `Muted ${subject.label}.`);
  };

  return (
    <SettingsSection
      id="filters-title"
      title="Muted words, players and teams"
      hint="What you mute leaves your feed, search, lists, comments and notifications, or folds behind its reason. Only you can see your mutes."
    >
      <form className={styles.ruleForm} onSubmit={addWord}>
        <label htmlFor={`${id}-word`} className={styles.teamLabel}>
          Word or phrase
        </label>
        <div className={styles.inline}>
          <Input
            id={`${id}-word`}
            value={word}
            maxLength={MUTED_WORD_MAX_LENGTH}
            onChange={(event) => setWord(event.target.value)}
            placeholder="trade"
            autoComplete="off"
          />
          <Button type="submit" variant="primary" disabled={busy || !word.trim()}>
            Mute word
          </Button>
        </div>
        <label htmlFor={`${id}-subject`} className={styles.teamLabel}>
          Player or team
        </label>
        <div onFocus={loadOptions}>
          <EntityCombobox
            id={`${id}-subject`}
            label="Players and teams"
            options={options ?? []}
            selectedKeys={new Set(rules.flatMap((m) => (m.id === null ? [] : [`${m.kind}:${m.id}`])))}
            multiple
            onPick={addSubject}
            placeholder="Search players and teams"
            loading={options === null}
            disabled={busy}
          />
        </div>
        <fieldset className={styles.choices}>
          <legend className={styles.teamLabel}>What matches</legend>
          <label>
            <input type="radio" name={`${id}-action`} checked={action === 'hide'} onChange={() => setAction('hide')} /> Hide it
          </label>
          <label>
            <input type="radio" name={`${id}-action`} checked={action === 'collapse'} onChange={() => setAction('collapse')} /> Collapse it,
            with the reason
          </label>
        </fieldset>
        <label htmlFor={`${id}-duration`} className={styles.teamLabel}>
          For
        </label>
        <Select id={`${id}-duration`} value={duration} onChange={(event) => setDuration(event.target.value as MuteDuration)}>
          {DURATIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </Select>
      </form>
      <p className={status?.error ? styles.error : styles.saved} role="status">
        {status?.text}
      </p>
      <div className={styles.people}>
        <h3 className={styles.peopleTitle}>Muted</h3>
        {rules.length === 0 ? (
          <p className={styles.hint}>You have not muted any words, players or teams.</p>
        ) : (
          <ul className={styles.peopleList} aria-label="Muted words, players and teams">
            {rules.map((m) => {
              const name = m.kind === 'word' ? `“${m.name}”` : m.name;
              return (
                <li key={m._id} className={styles.person}>
                  <span className={styles.rule}>
                    <span className={styles.ruleName}>{name}</span>
                    <span className={styles.hint}>
                      {KINDS[m.kind]} · {ACTIONS[m.action]} ·{' '}
                      {m.expiresAt ? `until ${when.format(new Date(m.expiresAt))}` : 'until you remove it'}
                    </span>
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void change((token) => removeMuteRule(m._id, token), `Unmuted ${name}.`)}
                    aria-label={`Unmute ${name}`}
                  >
                    Unmute
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
