import { publicEnv } from '@/lib/public-env';

/**
 * Where a fan goes to sign in again when the server asks for a recent sign-in
 * (deleting the account, downloading the data), and back to afterwards.
 */
export const SIGN_IN_AGAIN = 'again';

export function signInAgainHref(back: string): string {
  return `/sign-in?${new URLSearchParams({ [SIGN_IN_AGAIN]: '1', next: back })}`;
}

/**
 * A path on this site to return to after signing in; anything that would leave it goes home. `next` is read as the
 * browser will read it, by resolving it against the site's origin with the URL parser, which drops tabs and
 * newlines and reads a backslash as a slash: a pattern over the raw text cannot foresee every such rewrite (`/`,
 * tab, `/evil.example` is `//evil.example`). What comes back is the parsed path, so the router resolves exactly what
 * was checked; a path the parser made start with `//` is refused too, as a router pushing it would leave.
 */
export function returnPath(value: string | string[] | undefined, origin: string = publicEnv().siteUrl): string {
  if (typeof value !== 'string' || value === '') return '/';
  const site = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return '/';
  }
  if (url.origin !== site || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
