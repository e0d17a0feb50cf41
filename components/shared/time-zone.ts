import { TIME_ZONE_COOKIE } from '@/lib/games/constants';

/** The id of the style app/games/page.tsx's first-visit script adds to hide the slate until it is drawn in the reader's zone. */
export const ZONE_PENDING_STYLE = 'zone-pending';

/** The time zone the browser runs in ("Europe/Paris"). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Tells the server the fan's time zone for the pages it renders next (lib/games/time-zone.ts): a cookie of a year, sent
 * with every request, read only to draw days and times. Answers whether it changed anything.
 */
export function rememberTimeZone(): boolean {
  const zone = browserTimeZone();
  const current = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
  if (current && decodeURIComponent(current) === zone) return false;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  return true;
}
