'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { useRestrict, type RestrictKind } from '@/components/shared/use-restrict';
import { Avatar } from '@/components/ui/avatar';
import { listRestrictions } from '@/lib/client/account';
import type { Restrictions } from '@/lib/validation/account';
import { SettingsSection } from './settings-section';
import styles from './account-settings.module.css';
import { Button } from '@/components/ui/button';

const LISTS: { kind: RestrictKind; key: keyof Restrictions; title: string; empty: string; undo: string }[] = [
  { kind: 'block', key: 'blocked', title: 'Blocked', empty: 'You have not blocked anyone.', undo: 'Unblock' },
  { kind: 'mute', key: 'muted', title: 'Muted', empty: 'You have not muted anyone.', undo: 'Unmute' },
];

/** The fans one has blocked and muted, each undone with a tap. */
export function BlockedFans() {
  const restrict = useRestrict();
  const { data: lists, failed, load } = useSignedInAnswer(listRestrictions, 'Could not load blocked and muted fans');
  const [busy, setBusy] = useState<string | null>(null);

  const undo = async (kind: RestrictKind, user: { _id: string; username: string }) => {
    setBusy(`${kind}:${user._id}`);
    if (await restrict(user, kind, false)) await load();
    setBusy(null);
  };

  return (
    <SettingsSection
      id="blocked-title"
      title="Blocked and muted"
      hint="Block or mute a fan from their profile or from the ⋯ menu of their take or comment."
    >
      {failed && (
        <p className={styles.error} role="alert">
          Could not load the list.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {!lists && !failed && <p className={styles.hint}>Loading...</p>}
      {lists &&
        LISTS.map(({ kind, key, title, empty, undo: label }) => (
          <div key={kind} className={styles.people}>
            <h3 className={styles.peopleTitle}>{title}</h3>
            {lists[key].length === 0 ? (
              <p className={styles.hint}>{empty}</p>
            ) : (
              <ul className={styles.peopleList} aria-label={title}>
                {lists[key].map((person) => (
                  <li key={person._id} className={styles.person}>
                    <Link href={`/profile/${person._id}`} className={styles.personLink}>
                      <Avatar url={person.profilePictureUrl} size={32} />
                      <span>{person.username}</span>
                    </Link>
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => void undo(kind, person)}
                      disabled={busy !== null}
                      aria-label={`${label} ${person.username}`}
                    >
                      {label}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
    </SettingsSection>
  );
}
