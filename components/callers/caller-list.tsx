'use client';

import { useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { fetchCallersPage, type BoardAddress } from '@/lib/client/callers';
import type { CallerEntry } from '@/lib/validation/callers';
import { CallerRow } from './caller-row';
import { ListFooter } from '@/components/ui/list-footer';
import styles from './callers.module.css';

type CallerListProps = BoardAddress & {
  initialCursor: string | null;
  /** The first page's rows, rendered on the server. */
  children: React.ReactNode;
};

/** A board after its server-rendered first page: Load More reads the next page by cursor, and its ranks go on from there. */
export function CallerList({ board, season, team, initialCursor, children }: CallerListProps) {
  const [more, setMore] = useState<CallerEntry[]>([]);
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const { status, getToken } = useAuth();

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchCallersPage({ board, season, team }, cursor, status === 'signed-in' ? await getToken() : null);
      setMore((current) => [...current, ...page.entries.filter((e) => !current.some((c) => c.user._id === e.user._id))]);
      setCursor(page.nextCursor);
    } catch (error) {
      console.error('Could not load more callers', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <ol className={styles.list}>
        {children}
        {more.map((entry) => (
          <CallerRow key={entry.user._id} entry={entry} />
        ))}
      </ol>
      <ListFooter
        error={failed ? 'Could not load more callers.' : null}
        action={cursor ? { label: 'Load More', busy: loading, onClick: () => void loadMore() } : undefined}
      />
    </>
  );
}
