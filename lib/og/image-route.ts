import 'server-only';
import type { NextRequest } from 'next/server';
import { route, type RouteContext } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { withRenderPermit } from '@/lib/og/render-slots';

/** An image's one address (its path, and the query its drawing uses, written one way), and what drawing it needs. */
export type ImageAddress<T> = { path: string; value: T };

/** A redirect to the one address costs no render; it never changes for a given URL, so anyone may keep it. */
const REDIRECT_CACHE = 'public, max-age=86400, s-maxage=86400';

/**
 * The one way the server serves an image it draws: the share image (/api/capture), the preview cards (/og/**) and
 * the generated entity art (/storage/**). Every image route is written as one of these, a game's matchup card too,
 * so no image can be drawn on demand in numbers:
 * - One address per image. `locate` validates the request (a 400 or 404 as usual) and names the image's canonical
 *   address: ids in lower case, only the query parameters the drawing uses, written one way. Any other spelling is
 *   sent there (308) before anything is read or drawn. A CDN keeps one copy per URL (Vercel's cache key is the
 *   method, the URL with its query, the host and the deployment), so a query string made up per request would be a
 *   render per request; redirected, it costs a redirect, and the CDN's one copy answers the rest.
 * - Every request that reaches the drawing counts against the share images' limit (RATE_LIMITS.capture, per fan
 *   and per address, kept in the database so it holds across instances), revalidations too, unless `counted` is
 *   false: the generated entity art, whose renders are bounded by the players, teams and topics there are
 *   (lib/og/badge-png.tsx), and which pages ask for a dozen at a time. The limit's write runs while `draw` reads
 *   what it needs (a few reads by id), not before them: a share image's answer was a database round trip later
 *   for it (4 to 7 ms on the local engine). Nothing is drawn until the limit has answered (renderPng waits for the
 *   request's permit), and a request over the limit gets its 429 whatever the reads found.
 * - Every render takes one of the instance's render slots (renderPng in lib/og/render.tsx).
 */
export function imageRoute<T>(
  locate: (request: NextRequest, context: RouteContext) => Promise<ImageAddress<T>>,
  draw: (request: NextRequest, value: T) => Promise<Response>,
  { counted = true }: { counted?: boolean } = {},
) {
  return route(async (request, context) => {
    const { path, value } = await locate(request, context);
    if (path !== `${request.nextUrl.pathname}${request.nextUrl.search}`) {
      return new Response(null, { status: 308, headers: { Location: path, 'Cache-Control': REDIRECT_CACHE } });
    }
    const permit = counted ? rateLimit('capture', request) : Promise.resolve();
    const [limited, drawn] = await Promise.allSettled([permit, withRenderPermit(permit, () => draw(request, value))]);
    if (limited.status === 'rejected') throw limited.reason;
    if (drawn.status === 'rejected') throw drawn.reason;
    return drawn.value;
  });
}
