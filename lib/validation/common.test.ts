import { idParams, objectId } from '@/lib/validation/common';
import { listCommentsQuery } from '@/lib/validation/comments';

describe('objectId', () => {
  it('reads an id written in either case as the one lower-case id', () => {
    expect(objectId.parse('6B072CCA5BB870B7A19242C8')).toBe('6b072cca5bb870b7a19242c8');
    expect(objectId.parse('6b072CCA5bb870b7a19242c8')).toBe('6b072cca5bb870b7a19242c8');
    expect(idParams.parse({ id: 'ABCDEF0123456789ABCDEF01' })).toEqual({ id: 'abcdef0123456789abcdef01' });
    expect(listCommentsQuery.parse({ postID: 'ABCDEF0123456789ABCDEF01' }).postID).toBe('abcdef0123456789abcdef01');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'G'.repeat(24), 'a'.repeat(23), 'a'.repeat(25), ' '.repeat(24), `${'a'.repeat(23)}\n`]) {
      expect(objectId.safeParse(bad).success).toBe(false);
    }
  });
});
