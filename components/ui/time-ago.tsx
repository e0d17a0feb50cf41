'use client';

import { useEffect, useState } from 'react';
import { fullDateTime, relativeTime } from '@/lib/format/relative-time';

const REFRESH_MS = 30_000;

/**
 * "5 minutes ago" that keeps itself current. The server renders it with its
 * own clock and time zone; right after hydration the browser redraws it with
 * the reader's, hence the suppressed mismatch warning.
 */
export function TimeAgo({ date, className }: { date: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, REFRESH_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);

  return (
    <time dateTime={date} title={fullDateTime(date)} className={className} suppressHydrationWarning>
      {relativeTime(date, now)}
    </time>
  );
}
