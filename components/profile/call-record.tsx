import Link from 'next/link';
import { hrefWith, type Query } from '@/components/shared/filter-href';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { binRange, REASON_LABELS, RESULT_LABELS, SHIELDED_RESULT_TEXT } from '@/lib/calls/calls';
import { CALIBRATION_MIN_CALLS } from '@/lib/calls/constants';
import type { CallRecordAnswer } from '@/lib/validation/calls';
import { CalibrationChart } from './calibration-chart';
import styles from './call-record.module.css';
import { Button } from '@/components/ui/button';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const pct = (n: number) => `${Math.round(n * 100)}%`;
const brier = (n: number) => n.toFixed(2);

type Props = {
  record: CallRecordAnswer;
  /** The profile's path and the Record tab's query as the page read it (tab, team, player, bin). */
  path: string;
  query: Query;
  /** Another page of calls to load. */
  hasMore: boolean;
  page: number;
};

/** What the Record tab says instead of a record: none to show, or a read that failed. */
export function RecordMessage({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}

/**
 * The profile's Record tab (docs/product.md#calls): hits, misses and voids, the hit rate, Brier scores beside the
 * crowd's, the calibration chart once there are enough settled calls, filters by team and player, and the calls,
 * newest first. Server-rendered: its filters are a form and links, so it works before any script runs.
 */
export function CallRecord({ record, path, query, hasMore, page }: Props) {
  const { stats } = record;
  const settled = stats.hits + stats.misses;
  const binned = query.bin === undefined ? null : binRange(Number(query.bin));
  const withQuery = (changes: Record<string, string | number | null>) => hrefWith(path, query, { page: null, ...changes });
  return (
    <>
      <section className={styles.record} aria-labelledby="record-title">
        <h2 id="record-title" className={styles.title}>
          Record
        </h2>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>Hits–misses</dt>
            <dd data-testid="record-line">
              {stats.hits}–{stats.misses}
            </dd>
          </div>
          <div className={styles.stat}>
            <dt>Hit rate</dt>
            <dd>{stats.hitRate === null ? '—' : pct(stats.hitRate)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Voids</dt>
            <dd>{stats.voids}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Brier (crowd)</dt>
            <dd title="The mean squared gap between a forecast and what happened: 0 is perfect. Yours counts your call as a sure thing; the crowd's, its odds at the lock.">
              {stats.brier ? (
                <>
                  {brier(stats.brier.fan)} <span className={styles.crowd}>({brier(stats.brier.crowd)})</span>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        {(stats.open > 0 || record.hidden > 0) && (
          <p className={styles.note}>
            {[stats.open > 0 && `${stats.open} open`, record.hidden > 0 && `${record.hidden} ${SHIELDED_RESULT_TEXT}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {settled >= CALIBRATION_MIN_CALLS ? (
          <CalibrationChart bins={stats.calibration} hrefFor={(bin) => withQuery({ bin })} />
        ) : (
          <p className={styles.note}>
            The calibration chart shows from {CALIBRATION_MIN_CALLS} settled calls ({settled} so far).
          </p>
        )}
      </section>

      {(record.teams.length > 0 || record.players.length > 0) && (
        <form method="get" action={path} className={styles.filters} aria-label="Filter the record">
          <input type="hidden" name="tab" value="record" />
          <label>
            Team
            <select name="team" defaultValue={query.team ?? ''} className={styles.select}>
              <option value="">All teams</option>
              {record.teams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          {record.players.length > 0 && (
            <label>
              Player
              <select name="player" defaultValue={query.player ?? ''} className={styles.select}>
                <option value="">All players</option>
                {record.players.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {(query.team || query.player || binned) && (
            <Link href={hrefWith(path, { tab: 'record' }, {})} className={styles.clear} scroll={false}>
              Clear filters
            </Link>
          )}
        </form>
      )}
      {binned && (
        <p className={styles.note}>
          Calls the crowd gave {pct(binned.from)}–{pct(binned.to)} at the lock.{' '}
          <Link href={withQuery({ bin: null })} scroll={false}>
            Show all
          </Link>
        </p>
      )}

      {record.calls.length === 0 ? (
        <p className={styles.empty}>No calls yet</p>
      ) : (
        <ol className={styles.calls}>
          {record.calls.map((c) => (
            <li key={c._id} className={styles.call} data-result={c.result ?? 'open'}>
              <span className={styles.result}>
                {c.result === null ? 'Open' : c.result === 'hidden' ? 'Hidden' : RESULT_LABELS[c.result]}
              </span>
              <span className={styles.what}>
                <span className={styles.text}>{c.text}</span> <span className={styles.context}>{c.context}</span>
              </span>
              <span className={styles.meta}>
                <span>Locked {DAY.format(new Date(c.lockAt))}</span>
                {c.result === 'hidden' && <span>{SHIELDED_RESULT_TEXT}</span>}
                {c.result === 'void' && c.reason && <span>{REASON_LABELS[c.reason]}</span>}
                {c.crowd !== null && c.result !== 'void' && <span>crowd {pct(c.crowd)}</span>}
                {c.result !== null && c.result !== 'hidden' && !c.final && <span>provisional</span>}
                {c.takeId ? (
                  <Link href={`/takes/${c.takeId}`} prefetch={false}>
                    {c.title ?? 'The take'}
                  </Link>
                ) : (
                  <span className={styles.gone}>
                    {c.reason === 'removed' ? 'Removed by moderators' : 'Deleted take'}
                    {c.title && ` ${c.title}`}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {hasMore && <LoadMoreLink href={hrefWith(path, query, { page: page + 1 })} />}
    </>
  );
}
