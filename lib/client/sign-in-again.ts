/**
 * Where a fan goes to sign in again when the server asks for a recent sign-in
 * (deleting the account, downloading the data), and back to afterwards.
 */
export const SIGN_IN_AGAIN = 'again';

export function signInAgainHref(back: string): string {
  return `/sign-in?${new URLSearchParams({ [SIGN_IN_AGAIN]: '1', next: back })}`;
}

/** A path on this site to return to after signing in; anything else (another origin, `//host`) goes home. */
export function returnPath(value: string | string[] | undefined): string {
  const path = typeof value === 'string' ? value : '';
  return /^\/(?![/\\])/.test(path) ? path : '/';
}
