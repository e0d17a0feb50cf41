'use client';

import dynamic from 'next/dynamic';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { ENTITY_KIND } from '@/components/create-take/entity-kind';
import { FocusImage } from '@/components/entity/focus-image';
import { createTake, TAKE_CREATED_EVENT } from '@/lib/client/takes';
import { CloseIcon } from '@/components/ui/icons/close';
import { ApiError } from '@/lib/client/api';
import { showToast } from '@/lib/client/toast';
import { LEAGUE, TAKE_DESCRIPTION_MAX, TAKE_EXTRA_TAGS_MAX, TAKE_TAGS_MAX, TAKE_TITLE_MAX, TOPIC_PREVIEW_PX } from '@/lib/constants';
import { ALL_FIELDS_REQUIRED, createTakeBody, TOO_MANY_TAGS } from '@/lib/validation/takes';
import type { CheckBackInput } from '@/lib/receipts/receipts';
import { CheckBackField } from './check-back-field';
import type { CallDraft } from './call-field';
import { EntityCombobox } from './entity-combobox';
import { loadEntityOptions, optionKey, type EntityOption } from './entity-options';
import styles from './create-take.module.css';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

const CREATE_FAILED = 'Failed to create a new take. Please try again.';
const CALL_UNFINISHED = 'Finish your call, or remove it.';

// Loaded when the fan adds a call (docs/product.md#calls): most takes carry none.
const CallField = dynamic(() => import('./call-field').then((m) => m.CallField), {
  loading: () => <p className={styles.hint}>Loading the call form...</p>,
});

/** The first problem of a payload the schema refused, naming the call's field as the server does ("call.line: …"). */
function issueText(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return ALL_FIELDS_REQUIRED;
  return issue.path[0] === 'call' ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/** The create-take payload of docs/product.md#content: only the id matching the focus type is set. */
function payloadFor(
  title: string,
  description: string,
  focus: EntityOption | null,
  tags: EntityOption[],
  checkBack: CheckBackInput | null,
  call: CallDraft | null,
) {
  const idFor = (type: EntityOption['entityType']) => (focus?.entityType === type ? focus.value : null);
  return {
    title,
    description,
    tags: tags.map((tag) => tag.value),
    addType: 'user',
    entityType: focus?.entityType,
    playerID: idFor('player'),
    team: idFor('team'),
    specialID: idFor('special'),
    // A take on one of today's games (docs/product.md#game-day); the spec's fields above stay null for it.
    ...(focus?.entityType === 'game' ? { gameID: focus.value } : {}),
    league: LEAGUE,
    ...(checkBack ? { checkBack } : {}),
    ...(call ? { call } : {}),
  };
}

function tagsPlaceholder(focus: EntityOption | null, extras: number): string {
  if (!focus) return 'Choose a focus first';
  const left = TAKE_EXTRA_TAGS_MAX - extras;
  return left > 0 ? `Add up to ${left} more tag${left === 1 ? '' : 's'}` : 'All tags chosen';
}

/** A focus a call can be made on: a game, a player or a team. */
const callable = (focus: EntityOption | null) => focus !== null && focus.entityType !== 'special';

export function CreateTakeForm({ onDone, preset, withCall = false }: { onDone(): void; preset: EntityOption | null; withCall?: boolean }) {
  const { getToken } = useAuth();
  const ids = useId();
  const [options, setOptions] = useState<EntityOption[] | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [focus, setFocus] = useState<EntityOption | null>(preset);
  const [extras, setExtras] = useState<EntityOption[]>([]);
  const [checkBack, setCheckBack] = useState<CheckBackInput | null>(null);
  const [callOpen, setCallOpen] = useState(withCall && callable(preset));
  const [call, setCall] = useState<CallDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let current = true;
    void loadEntityOptions().then((loaded) => current && setOptions(loaded));
    return () => {
      current = false;
    };
  }, []);

  const tags = focus ? [focus, ...extras] : [];
  const focusKey = focus ? optionKey(focus) : null;
  const extraKeys = new Set(extras.map(optionKey));
  // The focus is already the first tag and cannot be picked again (docs/product.md#validation); a game is no tag.
  const tagOptions = (options ?? []).filter((option) => optionKey(option) !== focusKey && option.entityType !== 'game');
  // A preset game stays offered even once the day has turned in the fan's zone.
  const focusOptions =
    preset && !(options ?? []).some((o) => optionKey(o) === optionKey(preset)) ? [preset, ...(options ?? [])] : (options ?? []);

  const chooseFocus = (option: EntityOption) => {
    setFocus(option);
    setExtras([]);
    setError(null);
    // A call is made on its focus: a new focus starts it again, and a topic takes none.
    setCall(null);
    if (!callable(option)) setCallOpen(false);
  };

  const toggleTag = (option: EntityOption) => {
    if (extraKeys.has(optionKey(option))) {
      removeTag(option);
    } else if (extras.length >= TAKE_EXTRA_TAGS_MAX) {
      setError(TOO_MANY_TAGS);
    } else {
      setExtras([...extras, option]);
      setError(null);
    }
  };

  const removeTag = (option: EntityOption) => {
    setExtras(extras.filter((tag) => optionKey(tag) !== optionKey(option)));
    if (error === TOO_MANY_TAGS) setError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = payloadFor(title, description, focus, tags, checkBack, callOpen ? call : null);
    // The server's own schema, so the browser and the API agree on every message.
    // A blank field or no focus gives 'All fields are required.' from it too.
    const checked = createTakeBody.safeParse(payload);
    if (!checked.success) {
      setError(issueText(checked.error.issues[0]));
      return;
    }
    if (callOpen && !call) {
      setError(CALL_UNFINISHED);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const token = await getToken();
      if (!token) throw new Error('No token for the signed-in user');
      const created = await createTake(payload, token);
      // The feed listens for this and puts the new take at the top (docs/product.md#interactions).
      window.dispatchEvent(new CustomEvent(TAKE_CREATED_EVENT, { detail: created }));
      showToast('success', 'Take posted!');
      onDone();
    } catch (err) {
      // 400 and 429 carry a message meant for the person; anything else gets the generic text of docs/product.md#messages.
      setError(err instanceof ApiError && (err.status === 400 || err.status === 429) ? err.message : CREATE_FAILED);
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.columns}>
        <div className={styles.column}>
          <CountedField id={`${ids}-title`} label="Title" value={title} max={TAKE_TITLE_MAX} onChange={setTitle} />
          <CountedField
            id={`${ids}-description`}
            label="Description"
            value={description}
            max={TAKE_DESCRIPTION_MAX}
            onChange={setDescription}
            multiline
          />
          <CheckBackField id={`${ids}-check-back`} value={checkBack} onChange={setCheckBack} />
        </div>

        <div className={styles.column}>
          <div className={styles.field}>
            <label htmlFor={`${ids}-focus`}>Player or Team Focus</label>
            <EntityCombobox
              id={`${ids}-focus`}
              label="Player or Team Focus"
              options={focusOptions}
              loading={options === null}
              selectedKeys={new Set(focusKey ? [focusKey] : [])}
              selectedLabel={focus?.label}
              onPick={chooseFocus}
              placeholder="Search games, players, teams, topics"
            />
            {focus && (
              <div className={styles.preview}>
                <FocusImage
                  focus={{ type: focus.entityType, id: focus.value, name: focus.label }}
                  matchup={focus.matchup ?? null}
                  alt=""
                  size={TOPIC_PREVIEW_PX}
                />
                <p className={styles.previewCaption}>
                  <span>{ENTITY_KIND[focus.entityType]}</span>
                  {focus.label}
                </p>
              </div>
            )}
          </div>

          <div className={styles.field}>
            <div className={styles.labelRow}>
              <label htmlFor={`${ids}-tags`}>Tags</label>
              <span id={`${ids}-tags-count`} className={styles.counter}>
                {tags.length}/{TAKE_TAGS_MAX}
              </span>
            </div>
            {tags.length > 0 && (
              <ul className={styles.chips} aria-label="Selected tags">
                {tags.map((tag) => (
                  <li key={optionKey(tag)} className={styles.chip}>
                    {tag.label}
                    {tag === focus ? (
                      <span className="visually-hidden"> (focus)</span>
                    ) : (
                      <button type="button" className={styles.remove} onClick={() => removeTag(tag)} aria-label={`Remove ${tag.label}`}>
                        <CloseIcon size={14} />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <EntityCombobox
              id={`${ids}-tags`}
              label="Tags"
              multiple
              options={tagOptions}
              loading={options === null}
              selectedKeys={extraKeys}
              onPick={toggleTag}
              placeholder={tagsPlaceholder(focus, extras.length)}
              disabled={!focus}
              describedBy={`${ids}-tags-count`}
            />
          </div>
          {focus && callable(focus) && callOpen ? (
            <CallField
              key={optionKey(focus)}
              id={`${ids}-call`}
              focus={focus}
              teams={(options ?? []).filter((o) => o.entityType === 'team')}
              onChange={(next) => {
                setCall(next);
                if (error === CALL_UNFINISHED) setError(null);
              }}
              onRemove={() => {
                setCallOpen(false);
                setCall(null);
              }}
            />
          ) : (
            <div className={styles.field}>
              <Button type="button" variant="secondary" disabled={!callable(focus)} onClick={() => setCallOpen(true)}>
                Add a call
              </Button>
              <p className={styles.hint}>
                {callable(focus)
                  ? 'A call on a game, a player or a team, settled by the final score.'
                  : 'Choose a game, player or team focus to add a call.'}
              </p>
            </div>
          )}
        </div>
      </div>

      <p className={styles.error} role="alert">
        {error}
      </p>

      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}

type CountedFieldProps = { id: string; label: string; value: string; max: number; onChange(value: string): void; multiline?: boolean };

/** A text field with its x/max counter, which screen readers hear as its description. */
function CountedField({ id, label, value, max, onChange, multiline }: CountedFieldProps) {
  const shared = {
    id,
    value,
    maxLength: max,
    'aria-describedby': `${id}-count`,
  };
  return (
    <Field
      label={label}
      id={id}
      aside={
        <span id={`${id}-count`} className={styles.counter}>
          {value.length}/{max}
        </span>
      }
    >
      {(control) =>
        multiline ? (
          <textarea {...shared} className={`${control.className} ${styles.textarea}`} rows={4} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...shared} className={control.className} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
