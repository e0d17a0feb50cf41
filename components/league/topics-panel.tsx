'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { addTopic, editTopic, listLeagueTopics } from '@/lib/client/league';
import { entityHref } from '@/lib/league/entities';
import type { AdminTopic } from '@/lib/validation/league';
import { Field } from '@/components/ui/field';
import { FormError } from './form-error';
import { useLeagueAction } from './use-league-action';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

/** The topics, each opened or closed to new takes in one click (a closed one keeps its page and takes); a new topic. */
export function TopicsPanel() {
  const topics = useSignedInAnswer(listLeagueTopics, 'Could not load the topics');
  const reload = () => void topics.load();
  return (
    <div className={styles.columns}>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>Topics</h2>
        {topics.failed && (
          <p className={styles.error} role="alert">
            Could not load the topics.{' '}
            <button type="button" className="button-link" onClick={reload}>
              Try again
            </button>
          </p>
        )}
        {!topics.data && !topics.failed && <p className={styles.status}>Loading...</p>}
        {topics.data?.length === 0 && <p className={styles.empty}>No topics yet.</p>}
        {topics.data && topics.data.length > 0 && (
          <ul className={styles.changes} aria-label="Topics">
            {topics.data.map((topic) => (
              <TopicRow key={`${topic.id}:${topic.open}`} topic={topic} onChanged={reload} />
            ))}
          </ul>
        )}
      </div>
      <AddTopicForm onAdded={reload} />
    </div>
  );
}

function TopicRow({ topic, onChanged }: { topic: AdminTopic; onChanged(): void }) {
  const { run, busy, error } = useLeagueAction();
  const toggle = async () => {
    const open = !topic.open;
    const done = await run((token) => editTopic(topic.id, { open }, token), `${topic.name} ${open ? 'opened' : 'closed'}.`);
    if (done) onChanged();
  };
  return (
    <li className={styles.change}>
      <div className={styles.gameTop}>
        <div className={styles.changeTop}>
          <Link href={entityHref('special', topic.id)} className={styles.matchup}>
            {topic.name}
          </Link>
          <span className={topic.open ? `${styles.badge} ${styles.badgeLive}` : `${styles.badge} ${styles.badgeOff}`}>
            {topic.open ? 'Open' : 'Closed'}
          </span>
        </div>
        <div className={styles.actions}>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void toggle()}>
            {topic.open ? `Close ${topic.name}` : `Open ${topic.name}`}
          </Button>
        </div>
      </div>
      {topic.description && <span className={styles.changeMeta}>{topic.description}</span>}
      <FormError error={error} />
    </li>
  );
}

function AddTopicForm({ onAdded }: { onAdded(): void }) {
  const { run, busy, error } = useLeagueAction();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run((token) => addTopic({ id, name, description, open: true }, token), `${name.trim()} added.`)) {
      setId('');
      setName('');
      setDescription('');
      onAdded();
    }
  };

  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} aria-labelledby="add-topic-title">
      <h2 id="add-topic-title" className={styles.cardTitle}>
        Add a topic
      </h2>
      <Field label="Name">
        {(props) => <input {...props} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Address" hint="Its page is /topics/ and this: lower-case letters, digits and dashes, such as all-star-break">
        {(props) => (
          <input {...props} required maxLength={64} pattern="[a-z0-9][a-z0-9\-]*" value={id} onChange={(e) => setId(e.target.value)} />
        )}
      </Field>
      <Field label="Description">
        {(props) => <textarea {...props} maxLength={300} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <FormError error={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add topic'}
        </Button>
      </div>
    </form>
  );
}
