import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import type { CallerEntry } from '@/lib/validation/callers';
import { formatHitRate, formatRating, formatRecord, HIT_RATE_HINT } from '@/lib/callers/caller-format';
import styles from './callers.module.css';

/** One ranked fan. No hooks: the server renders the first page with it, and Load More the pages after. */
export function CallerRow({ entry, you = false }: { entry: CallerEntry; you?: boolean }) {
  return (
    <li className={styles.row} data-rank={entry.rank}>
      <span className={styles.rank} aria-label={`Rank ${entry.rank}`}>
        {entry.rank}
      </span>
      <Avatar url={entry.user.profilePictureUrl} size={40} />
      <span className={styles.who}>
        <span className={styles.nameLine}>
          <Link href={`/profile/${entry.user._id}`} className={styles.name}>
            {entry.user.username}
          </Link>
          {you && <span className={styles.you}>You</span>}
        </span>
        <span className={styles.detail}>
          <span title="Aged well – aged poorly – close">{formatRecord(entry.record)}</span>
          <span aria-hidden="true"> · </span>
          <abbr title={HIT_RATE_HINT}>≥ {formatHitRate(entry.hitRateLow)} hits</abbr>
          {entry.provisional && <span className={styles.badge}>Provisional</span>}
        </span>
      </span>
      <span className={styles.rating}>
        <span className="visually-hidden">Rating </span>
        {formatRating(entry.rating)}
      </span>
    </li>
  );
}
