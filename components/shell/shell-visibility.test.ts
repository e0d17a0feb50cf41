import { activeNavItem, shellVisibility } from '@/components/shell/shell-visibility';

describe('shellVisibility', () => {
  it('shows everything on the feed and on content pages', () => {
    for (const path of ['/', '/feed', '/trending', '/takes/abc', '/profile/123', '/teams/nba/5']) {
      expect(shellVisibility(path)).toEqual({ header: true, bottomMenu: true, footer: true });
    }
  });

  it('hides the header and bottom menu on the auth and account screens but keeps the footer', () => {
    for (const path of ['/sign-in', '/sign-up', '/create-username', '/account']) {
      expect(shellVisibility(path)).toEqual({ header: false, bottomMenu: false, footer: true });
    }
  });

  it('keeps the header on the policy pages but hides the bottom menu and Create +', () => {
    expect(shellVisibility('/privacy')).toEqual({ header: true, bottomMenu: false, footer: true });
    expect(shellVisibility('/terms')).toEqual({ header: true, bottomMenu: false, footer: true });
  });

  it('shows nothing of the shell around a shareable post', () => {
    expect(shellVisibility('/shareable-post/abc')).toEqual({ header: false, bottomMenu: false, footer: false });
  });

  it('does not mistake a longer path for a hidden route', () => {
    expect(shellVisibility('/sign-internal').header).toBe(true);
  });
});

describe('activeNavItem', () => {
  it('follows the path, with profiles highlighting nothing and everything else counting as the feed', () => {
    expect(activeNavItem('/trending')).toBe('trending');
    expect(activeNavItem('/explore')).toBe('explore');
    expect(activeNavItem('/profile/42')).toBeNull();
    expect(activeNavItem('/')).toBe('feed');
    expect(activeNavItem('/feed')).toBe('feed');
    expect(activeNavItem('/takes/1')).toBe('feed');
  });

  it('highlights nothing on the notifications, the moderation queue and the games, which no tab leads to', () => {
    expect(activeNavItem('/notifications')).toBeNull();
    expect(activeNavItem('/moderation')).toBeNull();
    expect(activeNavItem('/games')).toBeNull();
    expect(activeNavItem('/games/992611250')).toBeNull();
  });
});
