'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { errorMessage, takeToast } from '@/components/shared/take-toast';
import { useSignedInAnswer } from '@/components/shared/use-signed-in-answer';
import { Avatar } from '@/components/ui/avatar';
import { TimeAgo } from '@/components/ui/time-ago';
import { addModerator, getModerators, removeModerator } from '@/lib/client/moderation';
import styles from './moderation.module.css';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * An administrator's moderators (docs/product.md#roles): who they are, who added them and when, a field to add one
 * by username and a Remove button each, and the latest changes. Takes effect on every instance at once, no redeploy.
 */
export function ModeratorsPanel() {
  const { getToken } = useAuth();
  const { data, failed, load } = useSignedInAnswer(getModerators, 'Could not load the moderators');
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (change: (token: string | null) => Promise<string>) => {
    setBusy(true);
    try {
      takeToast.success(await change(await getToken()));
      setUsername('');
      await load();
    } catch (error) {
      takeToast.error(errorMessage(error, 'That did not go through. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="moderators" className={styles.logSection}>
      <h2 id="moderators" className={styles.sectionTitle}>
        Moderators
      </h2>
      <form
        className={styles.addModerator}
        onSubmit={(event) => {
          event.preventDefault();
          if (username.trim()) void run((token) => addModerator(username.trim(), token));
        }}
      >
        <label htmlFor="moderator-username">Add a moderator by username</label>
        <div className={styles.addModeratorRow}>
          <Input
            id="moderator-username"
            className={styles.moderatorInput}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
          />
          <Button type="submit" variant="primary" disabled={busy || !username.trim()}>
            Add
          </Button>
        </div>
      </form>
      {failed && (
        <div className={styles.failed} role="alert">
          <p>Could not load the moderators.</p>
          <Button type="button" variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      )}
      {data && data.moderators.length === 0 && <p className={styles.empty}>No moderators yet: administrators moderate alone.</p>}
      {data && data.moderators.length > 0 && (
        <ul className={styles.log} aria-label="Moderators">
          {data.moderators.map((moderator) => (
            <li key={moderator.user._id} className={styles.logLine}>
              <Avatar url={moderator.user.profilePictureUrl} size={28} />
              <p className={styles.logText}>
                <Link href={`/profile/${moderator.user._id}`} className={styles.author}>
                  {moderator.user.username}
                </Link>{' '}
                <span className={styles.logTime}>
                  added <TimeAgo date={moderator.addedAt} />
                </span>
              </p>
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() => void run((token) => removeModerator(moderator.user._id, token))}
                aria-label={`Remove ${moderator.user.username} as a moderator`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && data.changes.length > 0 && (
        <ul className={styles.log} aria-label="Changes to moderators">
          {data.changes.map((change) => (
            <li key={`${change.user._id}-${change.at}`} className={styles.logLine}>
              <p className={styles.logText}>
                {change.user.username} {change.change === 'added' ? 'made a moderator' : 'removed as a moderator'}{' '}
                <span className={styles.logTime}>
                  <TimeAgo date={change.at} />
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
