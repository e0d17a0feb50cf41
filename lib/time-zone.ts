import 'server-only';
import { cookies, headers } from 'next/headers';
import { TIME_ZONE_COOKIE } from '@/lib/constants';
import { isTimeZone } from '@/lib/game-day';

/**
 * The time zone a page is rendered for (docs/product.md#game-day), so the slate's days and tip-offs are the fan's
 * own in the HTML: the one the URL asks for (?tz=, a shared link), else the one the fan's browser wrote into
 * TIME_ZONE_COOKIE on an earlier page (components/shared/time-zone.ts), else the one Vercel's edge reads from the
 * visitor's address. Null when none is known: a first visit that lands here, which the page handles itself.
 */
export async function viewerTimeZone(asked: string | null): Promise<string | null> {
  if (asked && isTimeZone(asked)) return asked;
  const cookie = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  if (cookie && isTimeZone(cookie)) return cookie;
  const edge = (await headers()).get('x-vercel-ip-timezone');
  return edge && isTimeZone(edge) ? edge : null;
}
