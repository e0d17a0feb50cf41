import type { Metadata } from 'next';
import { Types } from 'mongoose';
import Link from 'next/link';
import { SignInLinks } from '@/components/auth/sign-in-links';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { pageParam, readParam, type SearchParams } from '@/components/shared/filter-query';
import { TakeList } from '@/components/take-card/take-list';
import { SAVES_PAGE_SIZE } from '@/lib/discovery/constants';
import { listSavedTakes } from '@/lib/data/discovery/saved-takes';
import { getViewer, viewerMarks, viewerReader } from '@/app/_lib/viewer';
import styles from './page.module.css';

// One fan's own list: nothing here for a search engine.
export const metadata: Metadata = { title: 'Saved takes', robots: { index: false, follow: false } };

/**
 * /saved, the account's Saved list (docs/product.md#saves): the takes the signed-in fan saved, most recently saved
 * first, as their filters show them, rendered for them from their session. Private: it is theirs alone.
 */
export default async function SavedPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = readParam(pageParam, await searchParams, 'page');
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <main className="page">
        <h1 className={styles.title}>Saved takes</h1>
        <p className={styles.note}>Sign in to see the takes you saved.</p>
        <SignInLinks />
      </main>
    );
  }
  const limit = page * SAVES_PAGE_SIZE;
  const saved = await listSavedTakes(await viewerReader(), new Types.ObjectId(viewer.user._id), undefined, limit).catch(
    (error: unknown) => {
      // docs/product.md#messages: a failed list is logged and shown empty.
      console.error('Saved takes failed', { error });
      return null;
    },
  );
  const marks = saved ? await viewerMarks(saved.takes) : null;
  return (
    <main className="page">
      <h1 className={styles.title}>Saved takes</h1>
      <p className={styles.note}>
        Only you can see what you saved. Save a take from its ⋯ menu; on a take with a call, ask to be told when it settles.{' '}
        <Link href="/account">Account settings</Link>
      </p>
      {saved === null ? (
        <p className={styles.note} role="alert">
          Error loading posts.
        </p>
      ) : (
        <>
          <TakeList takes={saved.takes} marks={marks} emptyText="No saved takes yet" />
          {saved.nextCursor && <LoadMoreLink href={`/saved?page=${page + 1}`} />}
        </>
      )}
    </main>
  );
}
