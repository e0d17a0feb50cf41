import 'server-only';
import { cookies, headers } from 'next/headers';
import { TIME_ZONE_COOKIE } from '@/lib/games/constants';
import { env } from '@/lib/env';
import { canonicalTimeZone } from '@/lib/games/game-day';

/**
 * The time zone a page is rendered for (docs/product.md#game-day), so the slate's days and tip-offs are the fan's
 * own in the HTML: the one the URL asks for (?tz=, a shared link; `pinned`), else the one the fan's browser wrote
 * into TIME_ZONE_COOKIE on an earlier page (components/shared/time-zone.ts), else, on Vercel only, the one its edge
 * reads from the visitor's address. Self-hosted, x-vercel-ip-timezone is whatever the client wrote, so it is not
 * read. Each arrives in any spelling and leaves by its canonical name (canonicalTimeZone), the only one used after.
 * Null when none is known: a first visit that lands here, which the page handles itself.
 */
export async function viewerTimeZone(asked: string | null): Promise<{ zone: string | null; pinned: boolean }> {
  const pinned = asked ? canonicalTimeZone(asked) : null;
  if (pinned) return { zone: pinned, pinned: true };
  const cookie = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  const remembered = cookie ? canonicalTimeZone(cookie) : null;
  if (remembered) return { zone: remembered, pinned: false };
  const edge = env().VERCEL ? (await headers()).get('x-vercel-ip-timezone') : null;
  return { zone: edge ? canonicalTimeZone(edge) : null, pinned: false };
}
