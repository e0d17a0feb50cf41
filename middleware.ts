import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/session';
import { contentSecurityPolicy } from '@/lib/site/csp';
import { clearedSessionCookie, checkSession } from '@/lib/session';

/** A browser loading a page as a document (not a client navigation's RSC request, an image or an API call). */
function isDocumentLoad(request: NextRequest): boolean {
  if (request.method !== 'GET' || request.headers.has('rsc') || request.nextUrl.pathname.startsWith('/api/')) return false;
  const dest = request.headers.get('sec-fetch-dest');
  // Browsers without Fetch Metadata still say they want HTML.
  return dest ? dest === 'document' : (request.headers.get('accept') ?? '').includes('text/html');
}

/**
 * A page load carrying a session cookie that no longer names anyone (forged,
 * expired, revoked, account disabled): the page renders as for a visitor and
 * the cookie is cleared, which a Server Component cannot do. Only document
 * loads are judged here, so a signed-in fan's client navigations cost one
 * check (the page's own, app/_lib/viewer.ts), not two; a cookie that goes bad
 * between loads is cleared by the next one, and its page already renders
 * anonymously meanwhile.
 */
async function withoutBadSession(request: NextRequest, headers: Headers): Promise<boolean> {
  const cookie = request.cookies.get(SESSION_COOKIE)?.value;
  if (cookie === undefined || !isDocumentLoad(request)) return false;
  if ((await checkSession(cookie)) !== 'invalid') return false;
  request.cookies.delete(SESSION_COOKIE);
  headers.set('cookie', request.cookies.toString());
  return true;
}

/**
 * A page's Content-Security-Policy, with a fresh nonce: Next reads the nonce from
 * the request's CSP header and puts it on the scripts it renders. The headers
 * that do not change per request come from next.config.mjs, on every answer.
 */
export async function middleware(request: NextRequest) {
  const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');

  const headers = new Headers(request.headers);
  headers.set('x-request-id', requestId);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const clearSession = await withoutBadSession(request, headers);
  const response = NextResponse.next({ request: { headers } });

  if (clearSession) response.cookies.set(clearedSessionCookie());
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('X-Request-Id', requestId);
  return response;
}

export const config = {
  // firebase-admin judges the session cookie, and it needs Node.
  runtime: 'nodejs',
  // Pages, not API routes (lib/http.ts route() gives those their request id) or build assets. Prefetches too, whatever
  // they say of themselves (Purpose, Sec-Purpose, next-router-prefetch, RSC): a browser may keep a prefetched document
  // and show it on the next navigation, so it must come with the headers a navigation gets, and its scripts with a
  // nonce its own CSP names.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
