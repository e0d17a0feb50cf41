import { connection } from 'next/server';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { encodeCursor, listFeed, type TakeDTO } from '@/lib/data/takes';
import { FeedList } from './feed-list';
import styles from './home-feed.module.css';

async function firstPage(): Promise<TakeDTO[] | null> {
  try {
    return await listFeed({ limit: FEED_PAGE_SIZE });
  } catch (error) {
    console.error('Could not read the feed', error);
    return null;
  }
}

/** The home feed screen (/, /feed and every unlisted path): the first page is rendered on the server. */
export async function HomeFeed() {
  // Fresh on every request: the feed changes with every vote.
  await connection();
  const takes = await firstPage();
  const last = takes && takes.length === FEED_PAGE_SIZE ? takes[takes.length - 1] : undefined;
  return (
    <main className={styles.main}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Hot takes</h1>
        <p className={styles.lead}>The boldest NBA opinions right now, ranked by the fans.</p>
      </header>
      <FeedList initialTakes={takes ?? []} initialCursor={last ? encodeCursor(last) : null} initialFailed={takes === null} />
    </main>
  );
}
