/** Which shell elements each route shows (docs/product.md#shell). */
export type ShellVisibility = { header: boolean; bottomMenu: boolean; footer: boolean };

const AUTH_SCREENS = ['/sign-in', '/sign-up', '/create-username', '/account'];
const POLICY_PAGES = ['/privacy', '/terms'];

function matches(pathname: string, routes: string[]): boolean {
  return routes.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

export function shellVisibility(pathname: string): ShellVisibility {
  const shareable = matches(pathname, ['/shareable-post']);
  const auth = matches(pathname, AUTH_SCREENS);
  return {
    header: !auth && !shareable,
    // The persistent Create + button lives in the bottom menu: docs/product.md#shell hides both on the same routes.
    bottomMenu: !auth && !shareable && !matches(pathname, POLICY_PAGES),
    footer: !shareable,
  };
}

export type NavItem = 'feed' | 'trending' | 'explore';

/** Profile, notification, moderation and game pages highlight nothing; every other path counts as the feed. */
export function activeNavItem(pathname: string): NavItem | null {
  if (matches(pathname, ['/trending'])) return 'trending';
  if (matches(pathname, ['/explore'])) return 'explore';
  // Profiles, the notifications, the moderation queue and the games (the header's) are none of the three.
  if (matches(pathname, ['/profile', '/notifications', '/moderation', '/games'])) return null;
  return 'feed';
}
