'use client';

import Link from 'next/link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useRestrict, type RestrictKind } from '@/components/shared/use-restrict';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { OptionsOnDemand } from '@/components/take-card/options-trigger';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import { getFullProfile, setFollowingFan } from '@/lib/client/users';
import type { FullProfile } from '@/lib/validation/users';
import styles from './profile.module.css';

// The ⋯ menu and the block dialog load when a reader reaches for them, as a take card's do
// (components/take-card/options-trigger.tsx): most visits to a profile only read it.
const OptionsMenu = lazy(() => import('@/components/take-card/take-options-menu').then((m) => ({ default: m.TakeOptionsMenu })));
const BlockDialog = lazy(() => import('@/components/modals/block-dialog').then((m) => ({ default: m.BlockDialog })));

type Viewed = Pick<FullProfile, 'followersCount' | 'followingCount' | 'postsCount' | 'isFollowing' | 'blocking' | 'muting'>;
type ProfileSocialProps = {
  userId: string;
  firebaseUID: string;
  username: string;
  /** The profile as the server rendered it: counts, and whether the reader it rendered for follows, blocks or mutes them. */
  rendered: Viewed;
  /** The reader the server rendered for (their user id), or null for a visitor. */
  renderedFor: string | null;
};

/** The profile as the signed-in viewer sees it: fresh counts and whether they follow. */
async function loadViewed(userId: string, getToken: () => Promise<string | null>): Promise<Viewed> {
  const token = await getToken();
  if (!token) throw new Error('No token for the signed-in user');
  return getFullProfile(userId, token);
}

/**
/**
 * The counts and the actions of a profile: Account Settings on one's own;
 * Follow/Following on anyone else's, with Mute and Block (or Unblock) beside
 * it. The server renders them for the reader its session cookie names; only
 * a reader it did not render for (signed in since) has them loaded here.
 */
export function ProfileSocial({ userId, firebaseUID, username, rendered, renderedFor }: ProfileSocialProps) {
  const { status, user, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const restrict = useRestrict();
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  // Once asked for, the dialog stays mounted, so it can play its closing transition.
  const [blockAsked, setBlockAsked] = useState(false);
  const own = status === 'signed-in' && user?._id === userId;
  const signedInViewer = status === 'signed-in' && !own;
  const renderedForViewer = signedInViewer && user?._id === renderedFor;
  // What the reader sees: loaded here, or as the server rendered it for them.
  const shown = viewed ?? (renderedForViewer ? rendered : null);

  useEffect(() => {
    if (!signedInViewer || renderedForViewer) return;
    let current = true;
    loadViewed(userId, getToken)
      .then((profile) => current && setViewed(profile))
      .catch((error: unknown) => console.error('Could not load the follow state', error));
    return () => {
      current = false;
    };
  }, [signedInViewer, renderedForViewer, userId, getToken]);

  const toggleFollow = async () => {
    if (!signedInViewer) {
      openAuthPrompt('default');
      return;
    }
    if (!shown) return;
    setBusy(true);
    try {
      const token = await getToken();
      if (!token) throw new Error('No token for the signed-in user');
      await setFollowingFan(firebaseUID, !shown.isFollowing, token);
      // docs/product.md#interactions: the profile is reloaded after the call.
      setViewed(await loadViewed(userId, getToken));
    } catch (error) {
      // docs/product.md#api: follow errors are only logged.
      if (!toastIfRateLimited(error)) console.error('Follow failed', error);
    } finally {
      setBusy(false);
    }
  };

  /** Blocks, mutes or undoes either, then reloads the profile: a block ends follows both ways, so the counts move. */
  const setRestriction = async (kind: RestrictKind, on: boolean) => {
    setBusy(true);
    try {
      if (await restrict({ _id: userId, username }, kind, on)) setViewed(await loadViewed(userId, getToken));
    } catch (error) {
      console.error('Could not reload the profile', error);
    } finally {
      setBusy(false);
    }
  };

  const counts = signedInViewer && shown ? shown : rendered;
  const following = signedInViewer && shown?.isFollowing === true;
  const blocking = signedInViewer && shown?.blocking === true;
  const muting = signedInViewer && shown?.muting === true;
  const options =
    signedInViewer && shown
      ? [
          shown.muting
            ? { label: `Unmute ${username}`, onSelect: () => void setRestriction('mute', false) }
            : { label: `Mute ${username}`, onSelect: () => void setRestriction('mute', true) },
          ...(blocking
            ? []
            : [
                {
                  label: `Block ${username}`,
                  danger: true,
                  onSelect: () => {
                    setBlockAsked(true);
                    setConfirmingBlock(true);
                  },
                },
              ]),
        ]
      : [];

  return (
    <>
      <dl className={styles.counts}>
        <Count label="Followers" value={counts.followersCount} />
        <Count label="Following" value={counts.followingCount} />
        <Count label="Posts" value={counts.postsCount} />
      </dl>
      {/* Empty while the auth check runs (the box keeps its height): Follow must not flash on one's own profile. */}
      <div className={styles.action}>
        {status === 'loading' ? null : own ? (
          <Link href="/account" className="button button-secondary">
            Account Settings
          </Link>
        ) : blocking ? (
          <button
            type="button"
            className={`button button-secondary ${styles.follow}`}
            onClick={() => void setRestriction('block', false)}
            disabled={busy}
          >
            Unblock
          </button>
        ) : (
          <button
            type="button"
            className={`button ${following ? 'button-secondary' : 'button-primary'} ${styles.follow}`}
            onClick={toggleFollow}
            // Until the follow state is in, a tap could not do the right thing.
            disabled={(signedInViewer && !shown) || busy}
          >
            {following ? 'Following' : 'Follow'}
          </button>
        )}
        {options.length > 0 && (
          <OptionsOnDemand label="Profile options" menu={() => <OptionsMenu options={options} label="Profile options" initiallyOpen />} />
        )}
      </div>
      {(blocking || muting) && (
        <p className={styles.restricted} role="status">
          {blocking ? `You have blocked ${username}.` : `You have muted ${username}. Their takes and comments are hidden from you.`}
        </p>
      )}
      {blockAsked && (
        <Suspense fallback={null}>
          <BlockDialog
            open={confirmingBlock}
            username={username}
            onClose={() => setConfirmingBlock(false)}
            onConfirm={async () => {
              await setRestriction('block', true);
              setConfirmingBlock(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className={styles.count}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
