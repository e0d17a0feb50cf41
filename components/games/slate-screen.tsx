import Link from 'next/link';
import { PageHero } from '@/components/ui/page-hero';
import { BallIcon } from '@/components/ui/icons/ball';
import { addDays, dayLabel } from '@/lib/games/game-day';
import type { Slate } from '@/lib/validation/games';
import { GameRow } from './game-row';
import styles from './slate.module.css';

type SlateScreenProps = {
  slate: Slate;
  /** The reader's today, in the slate's zone: the day the page opens on. */
  today: string;
  /** How the slate's links keep a zone the URL asked for (?tz=). */
  tzQuery: string | null;
};

/**
 * /games (docs/product.md#game-day): a day's games in the reader's time zone, a day at a time, each opening its
 * thread. Links, not buttons, page the days, so every day is a shareable address that reads without JavaScript.
 */
export function SlateScreen({ slate, today, tzQuery }: SlateScreenProps) {
  const href = (day: string) => {
    const query = new URLSearchParams({ ...(day === today ? {} : { date: day }), ...(tzQuery ? { tz: tzQuery } : {}) });
    return query.size ? `/games?${query}` : '/games';
  };
  const near: Record<string, string> = { [today]: 'Today', [addDays(today, 1)]: 'Tomorrow', [addDays(today, -1)]: 'Yesterday' };
  const title = near[slate.date];
  return (
    <main className="page">
      <PageHero icon={<BallIcon size={28} />} title="Games" lead="Every game has a thread. Pick one to read the takes and add yours." />
      <nav className={styles.days} aria-label="Days">
        <Link
          href={href(slate.previous)}
          className={styles.dayStep}
          rel="prev"
          scroll={false}
          aria-label={`Previous day, ${dayLabel(slate.previous)}`}
        >
          <span aria-hidden="true">‹</span> {dayLabel(slate.previous)}
        </Link>
        <div className={styles.day} aria-live="polite">
          <h2 className={styles.dayTitle}>{title ?? dayLabel(slate.date)}</h2>
          {title && <p className={styles.dayDate}>{dayLabel(slate.date)}</p>}
        </div>
        <Link href={href(slate.next)} className={styles.dayStep} rel="next" scroll={false} aria-label={`Next day, ${dayLabel(slate.next)}`}>
          {dayLabel(slate.next)} <span aria-hidden="true">›</span>
        </Link>
      </nav>
      {slate.date !== today && (
        <p className={styles.backToday}>
          <Link href={href(today)}>Back to today</Link>
        </p>
      )}
      {/* Hidden until drawn in the reader's zone on a first visit (app/games/page.tsx, zone-sync.tsx). */}
      <div data-zone-slate>
        {slate.games.length === 0 ? (
          <p className={styles.empty}>No games on this day.</p>
        ) : (
          <ul className={styles.slate} aria-label={`Games on ${dayLabel(slate.date)}`}>
            {slate.games.map((game) => (
              <li key={game.id}>
                <GameRow game={game} zone={slate.timeZone} />
              </li>
            ))}
          </ul>
        )}
        <p className={styles.zone}>Times in {slate.timeZone.replaceAll('_', ' ')}</p>
      </div>
    </main>
  );
}
