'use client';

import { useEffect } from 'react';
import styles from './segment-error.module.css';
import { Button } from '@/components/ui/button';

export type ErrorBoundaryProps = { error: unknown; retry(): void };

/**
 * What a page shows when its data could not be read (the texts of docs/product.md#messages) and a
 * Retry button. Production hides a server error's message, so each segment
 * passes its own text; `retry` refetches the segment from the server and
 * re-renders it, so a database that is back shows the page without a reload.
 */
export function SegmentError({ error, retry, message }: ErrorBoundaryProps & { message: string }) {
  useEffect(() => {
    console.error(message, error);
  }, [error, message]);

  return (
    <main className="page">
      <div className={styles.box} role="alert">
        <p className={styles.message}>{message}</p>
        <Button type="button" variant="primary" onClick={() => retry()}>
          Retry
        </Button>
      </div>
    </main>
  );
}
