import { bellBadge, bellLabel } from './bell-label';

describe('the bell', () => {
  it('says nothing of a count while there is none or it is unknown', () => {
    expect(bellLabel(null)).toBe('Notifications');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(null)).toBeNull();
  });

  it('names the unread count, and caps what it shows at 9+', () => {
    expect(bellLabel(3)).toBe('Notifications (3 unread)');
    expect(bellBadge(9)).toBe('9');
    expect(bellLabel(10)).toBe('Notifications (more than 9 unread)');
    expect(bellBadge(10)).toBe('9+');
  });
});
