import Link from 'next/link';
import { formatHitRate, formatRating, formatRecord, HIT_RATE_HINT } from '@/lib/callers/caller-format';
import type { ProfileStanding } from '@/lib/data/callers/caller-boards';
import type { ScoredCall } from '@/lib/validation/callers';
import styles from './caller-record.module.css';

/** A fan's caller rating, record and rank this season and all time, beside their receipts record. */
export function CallerRecord({ standings }: { standings: ProfileStanding[] }) {
  return (
    <section className={styles.record} aria-labelledby="caller-record">
      <h2 id="caller-record" className={styles.title}>
        <Link href="/callers">Caller rating</Link>
      </h2>
      <dl className={styles.boards}>
        {standings.map((s) => (
          <div key={s.board} className={styles.board} data-board={s.board === 'all' ? 'all' : 'season'}>
            <dt>{s.title}</dt>
            <dd>
              <span className={styles.rating}>{s.scored > 0 ? formatRating(s.rating) : '–'}</span>
              <span className={styles.rank}>
                {s.rank === null ? 'Not ranked yet' : `#${s.rank}${s.provisional ? ' · Provisional' : ''}`}
              </span>
              <span className={styles.line}>
                <span title="Aged well – aged poorly – close">{formatRecord(s.record)}</span>
                {s.scored > 0 && (
                  <>
                    {' · '}
                    <abbr title={HIT_RATE_HINT}>≥ {formatHitRate(s.hitRateLow)} hits</abbr>
                  </>
                )}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const VERDICT_LABEL: Record<ScoredCall['verdict'], string> = { well: 'Aged well', poorly: 'Aged poorly', close: 'Close' };
/** A structured call's verdict is the league's: a hit or a miss. */
const CALL_LABEL: Record<ScoredCall['verdict'], string> = { well: 'Hit', poorly: 'Miss', close: 'Void' };
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A fan's scored receipts, each linking to its take; a take that is gone shows unlinked, as deleted or removed by moderators. */
export function ScoredCalls({ calls }: { calls: ScoredCall[] }) {
  if (calls.length === 0) return <p className={styles.empty}>No scored calls yet</p>;
  return (
    <ol className={styles.verdicts}>
      {calls.map((v) => (
        <li key={v._id} className={styles.verdict} data-verdict={v.verdict}>
          {v.takeId ? (
            <Link href={`/takes/${v.takeId}`} className={styles.take}>
              {v.title}
            </Link>
          ) : (
            // The author's own deleted take keeps its title here; one moderators removed, or hidden, does not.
            <span className={styles.take}>
              <span className={styles.gone}>{v.reason === 'removed' ? 'Removed by moderators' : 'Deleted take'}</span>
              {v.title && ` ${v.title}`}
            </span>
          )}
          <span className={styles.meta}>
            <span className={styles.outcome}>{v.call ? CALL_LABEL[v.verdict] : VERDICT_LABEL[v.verdict]}</span>
            <span>
              {v.call ? 'Locked' : 'Due'} {DAY.format(new Date(v.dueAt))}
            </span>
            <span title="Points against the crowd's odds">
              {v.verdict === 'close' ? 'no points' : `${formatRating(v.points)} pts`} · crowd {Math.round(v.crowd * 100)}% yes
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
