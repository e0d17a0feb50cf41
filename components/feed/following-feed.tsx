'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { TakeList } from '@/components/take-card/take-list';
import { Avatar } from '@/components/ui/avatar';
import { apiFetch } from '@/lib/client/api';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import type { SuggestedUser } from '@/lib/data/following';
import type { TakeDTO } from '@/lib/data/mappers';
import listStyles from './feed-list.module.css';
import styles from './following-feed.module.css';

type Page = { takes: TakeDTO[]; nextCursor: string | null };

function merge(current: TakeDTO[], more: TakeDTO[]): TakeDTO[] {
  const seen = new Set(current.map((t) => t._id));
  return [...current, ...more.filter((t) => !seen.has(t._id))];
}

/** The empty Following tab: the most-followed fans the reader does not follow yet, each a tap away. */
function Suggestions({ onFollowed }: { onFollowed(): void }) {
  const { getToken } = useAuth();
  const [users, setUsers] = useState<SuggestedUser[] | null>(null);
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const list = await apiFetch<SuggestedUser[]>('/api/users/suggestions', { token: await getToken() });
        if (current) setUsers(list);
      } catch (error) {
        console.error('Could not load suggestions', error);
        if (current) setUsers([]);
      }
    })();
    return () => {
      current = false;
    };
  }, [getToken]);

  const follow = async (user: SuggestedUser) => {
    setBusy(user._id);
    try {
      await apiFetch(`/api/users/${encodeURIComponent(user.firebaseUID)}/follow`, { method: 'POST', token: await getToken() });
      setFollowed((current) => new Set([...current, user._id]));
      onFollowed();
    } catch (error) {
      if (!toastIfRateLimited(error)) console.error('Could not follow', error);
    } finally {
      setBusy(null);
    }
  };

  if (!users || users.length === 0) return null;
  return (
    <section className={styles.suggestions} aria-labelledby="follow-suggestions">
      <h2 id="follow-suggestions" className={styles.suggestionsTitle}>
        Fans worth following
      </h2>
      <ul className={styles.people}>
        {users.map((user) => (
          <li key={user._id} className={styles.person}>
            <Link href={`/profile/${user._id}`} className={styles.who}>
              <Avatar url={user.profilePictureUrl} size={40} />
              <span className={styles.name}>
                <span className={styles.username}>{user.username}</span>
                <span className={styles.followers}>
                  {user.followersCount.toLocaleString('en-US')} {user.followersCount === 1 ? 'follower' : 'followers'}
                </span>
              </span>
            </Link>
            {followed.has(user._id) ? (
              <span className={styles.followed}>Following</span>
            ) : (
              <button
                type="button"
                className="button button-primary"
                onClick={() => void follow(user)}
                disabled={busy !== null}
                aria-label={`Follow ${user.username}`}
              >
                Follow
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Following tab: takes by the people the reader follows, newest first,
 * 10 at a time. It is the reader's own list, so it is read in the browser with
 * their token; a visitor is asked to sign in instead.
 */
export function FollowingFeed() {
  const { status, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const [takes, setTakes] = useState<TakeDTO[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      setFailed(false);
      try {
        const query = after ? `?cursor=${encodeURIComponent(after)}` : '';
        const page = await apiFetch<Page>(`/api/takes/following${query}`, { token: await getToken() });
        setTakes((current) => (after ? merge(current ?? [], page.takes) : page.takes));
        setCursor(page.nextCursor);
      } catch (error) {
        console.error('Could not load the Following feed', error);
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [getToken],
  );

  useEffect(() => {
    if (status === 'signed-out') openAuthPrompt('default');
    if (status !== 'signed-in' || started.current) return;
    started.current = true;
    void load(null);
  }, [status, load, openAuthPrompt]);

  if (status === 'signed-out') {
    return (
      <div className={styles.panel}>
        <p className={styles.panelTitle}>See takes from the fans you follow</p>
        <p className={styles.panelText}>Sign in to follow other fans and read their takes here, newest first.</p>
        <div className={styles.actions}>
          <Link href="/sign-up" className="button button-primary">
            Sign Up
          </Link>
          <Link href="/sign-in" className="button button-secondary">
            Sign in
          </Link>
        </div>
      </div>
    );
  }

  if (takes === null && !failed) return <p className={styles.status}>Loading...</p>;

  return (
    <>
      {takes && takes.length === 0 ? (
        <div className={styles.panel}>
          <p className={styles.panelTitle}>Nothing here yet</p>
          <p className={styles.panelText}>Follow a few fans and their newest takes will show up here.</p>
          <Suggestions onFollowed={() => void load(null)} />
        </div>
      ) : (
        takes && <TakeList takes={takes} emptyText="" />
      )}
      <div className={listStyles.footer}>
        {failed && (
          <p className={listStyles.error} role="alert">
            Error loading posts.
          </p>
        )}
        {(cursor || failed) && (
          <button type="button" className="button button-secondary" onClick={() => void load(failed && !takes ? null : cursor)} disabled={loading}>
            {loading ? 'Loading...' : failed ? 'Try again' : 'Load More'}
          </button>
        )}
      </div>
    </>
  );
}
