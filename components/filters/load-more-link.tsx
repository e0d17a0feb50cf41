'use client';

import Link, { useLinkStatus } from 'next/link';
import styles from './filters.module.css';

/**
 * Load More as a link to the next page count: the server renders the longer
 * list, cards already on screen keep their state, and the scroll stays put.
 */
export function LoadMoreLink({ href }: { href: string }) {
  return (
    <div className={styles.loadMore}>
      <Link href={href} scroll={false} prefetch={false} className="button button-secondary">
        <Label />
      </Link>
    </div>
  );
}

function Label() {
  const { pending } = useLinkStatus();
  return <span aria-live="polite">{pending ? 'Loading...' : 'Load More'}</span>;
}
