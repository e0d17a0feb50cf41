'use client';

import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { TimeAgo } from '@/components/ui/time-ago';
import { listLeagueChanges } from '@/lib/client/league';
import type { LeagueChangeDTO } from '@/lib/validation/league';
import styles from './league.module.css';
import { Button } from '@/components/ui/button';

const SOURCES: Record<LeagueChangeDTO['source'], string> = {
  console: 'in the console',
  import: 'by import',
  bootstrap: 'with the shipped data',
};

/** Who made a change, and how: "commish in the console"; an import from the command line without --by names no one. */
const madeBy = ({ by, source }: LeagueChangeDTO) =>
  by ? `${by.username} ${SOURCES[source]}` : source === 'bootstrap' ? 'With the shipped data' : 'By an import from the command line';

/** The audit log: every league change, newest first, who made it and how, what it was and became. */
export function ChangesPanel() {
  const { getToken } = useAuth();
  const [changes, setChanges] = useState<LeagueChangeDTO[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  /** The first page (`after` null) or the one after it; the list grows by pages. */
  const read = useCallback(
    (after: string | null) =>
      getToken()
        .then((token) => listLeagueChanges(after, token))
        .then(
          (page) => {
            setChanges((list) => [...(after ? (list ?? []) : []), ...page.changes]);
            setCursor(page.nextCursor);
            setFailed(false);
          },
          (error: unknown) => {
            console.error('Could not load the league log', error);
            setFailed(true);
          },
        )
        .finally(() => setLoading(false)),
    [getToken],
  );
  const load = (after: string | null) => {
    setLoading(true);
    void read(after);
  };

  useEffect(() => {
    void read(null);
  }, [read]);

  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>Log</h2>
      {failed && (
        <p className={styles.error} role="alert">
          Could not load the log.{' '}
          <button type="button" className="button-link" onClick={() => load(changes ? cursor : null)}>
            Try again
          </button>
        </p>
      )}
      {!changes && !failed && <p className={styles.status}>Loading...</p>}
      {changes?.length === 0 && <p className={styles.empty}>No league changes yet.</p>}
      {changes && changes.length > 0 && (
        <ol className={styles.changes} aria-label="League changes, newest first">
          {changes.map((change) => (
            <li key={change._id} className={styles.change}>
              <span className={styles.changeTop}>
                <span className={styles.badge}>{change.action}</span>
                <strong>{change.name}</strong>
              </span>
              <span>{change.summary}</span>
              <span className={styles.changeMeta}>
                {madeBy(change)} · <TimeAgo date={change.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {cursor && (
        <div className={styles.actions}>
          <Button type="button" variant="secondary" disabled={loading} onClick={() => load(cursor)}>
            {loading ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
