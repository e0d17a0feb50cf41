'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { SignInLinks } from '@/components/auth/sign-in-links';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { TakeListFrame } from '@/components/take-card/take-list-frame';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { Avatar } from '@/components/ui/avatar';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import { fetchFollowingPage } from '@/lib/client/takes';
import { setFollowingFan } from '@/lib/client/users';
import { mergeMarks, type Marks } from '@/lib/reactions/marks';
import type { SuggestedUser } from '@/lib/validation/following';
import type { ListedTake } from '@/lib/validation/takes';
import listStyles from './feed-list.module.css';
import styles from './following-feed.module.css';
import { Button } from '@/components/ui/button';

type Loaded = { takes: ListedTake[]; marks: Marks | null };

const loadCards = () => import('@/components/take-card/take-list');
const LoadedTakes = dynamic(() => loadCards().then((m) => m.TakeItems));

/** The empty Following tab: the most-followed fans the reader does not follow yet, each a tap away. */
function Suggestions({ users, onFollowed }: { users: SuggestedUser[]; onFollowed(): void }) {
  const { getToken } = useAuth();
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  const follow = async (user: SuggestedUser) => {
    setBusy(user._id);
    try {
      await setFollowingFan(user.firebaseUID, true, await getToken());
      setFollowed((current) => new Set([...current, user._id]));
      onFollowed();
    } catch (error) {
      if (!toastIfRateLimited(error)) console.error('Could not follow', error);
    } finally {
      setBusy(null);
    }
  };

  if (users.length === 0) return null;
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
              <Button
                type="button"
                variant="primary"
                onClick={() => void follow(user)}
                disabled={busy !== null}
                aria-label={`Follow ${user.username}`}
              >
                Follow
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type FollowingFeedProps = {
  /** The first page as the server rendered it for the reader: its take ids and the next page's cursor. */
  initial: { ids: string[]; cursor: string | null };
  /** When the first page is empty: whom to follow, read with it. */
  suggestions: SuggestedUser[];
  /** The first page's cards, rendered on the server with the reader's marks. */
  children: React.ReactNode;
};

/**
 * The Following tab after its server-rendered first page: takes by the people
 * the reader follows, newest first, 10 at a time (Load More reads the API
 * with the reader's token). Empty, it offers fans to follow; following one
 * reads the tab again.
 */
export function FollowingFeed({ initial, suggestions, children }: FollowingFeedProps) {
  const { getToken } = useAuth();
  const loadMarks = useMarksLoader();
  // The server's page, until following someone from the suggestions reads it again here.
  const [base, setBase] = useState<Loaded | null>(null);
  const [more, setMore] = useState<Loaded>({ takes: [], marks: null });
  const [cursor, setCursor] = useState(initial.cursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const shownIds = new Set([...(base?.takes ?? []), ...more.takes].map((t) => t._id).concat(base ? [] : initial.ids));

  const load = async (after: string | null) => {
    setLoading(true);
    setFailed(false);
    void loadCards();
    try {
      const page = await fetchFollowingPage(after, await getToken());
      const takes = after ? page.takes.filter((t) => !shownIds.has(t._id)) : page.takes;
      const loaded = { takes, marks: await loadMarks(takes.map((t) => t._id)) };
      if (after) setMore((current) => ({ takes: [...current.takes, ...loaded.takes], marks: mergeMarks(current.marks, loaded.marks) }));
      else {
        setBase(loaded);
        setMore({ takes: [], marks: null });
      }
      setCursor(page.nextCursor);
    } catch (error) {
      console.error('Could not load the Following feed', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      {shownIds.size === 0 ? (
        <div className={styles.panel}>
          <p className={styles.panelTitle}>Nothing here yet</p>
          <p className={styles.panelText}>
            Follow a few fans, or a team or player from their page, and their newest takes will show up here.
          </p>
          <Suggestions users={suggestions} onFollowed={() => void load(null)} />
        </div>
      ) : (
        <TakeListFrame>
          {base ? <LoadedTakes takes={base.takes} marks={base.marks} /> : children}
          {more.takes.length > 0 && <LoadedTakes takes={more.takes} marks={more.marks} />}
        </TakeListFrame>
      )}
      <div className={listStyles.footer}>
        {failed && (
          <p className={listStyles.error} role="alert">
            Error loading posts.
          </p>
        )}
        {(cursor || failed) && (
          <Button type="button" variant="secondary" onClick={() => void load(cursor)} disabled={loading}>
            {loading ? 'Loading...' : failed ? 'Try again' : 'Load More'}
          </Button>
        )}
      </div>
    </>
  );
}

/** The Following tab for a visitor: the server renders the invitation, and the sign-in prompt opens on arrival. */
export function FollowingSignedOut() {
  const { status } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();

  useEffect(() => {
    if (status === 'signed-out') openAuthPrompt('default');
  }, [status, openAuthPrompt]);

  return (
    <div className={styles.panel}>
      <p className={styles.panelTitle}>See takes from the fans you follow</p>
      <p className={styles.panelText}>Sign in to follow other fans and read their takes here, newest first.</p>
      <SignInLinks />
    </div>
  );
}
