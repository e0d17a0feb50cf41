import { markOf, mergeMarks, NO_MARK, type Marks } from '@/lib/reactions/marks';

const marks: Marks = { reactions: { a: 'like', c: 'dislike' }, favorites: ['b'], votes: { b: 'well' } };

describe('markOf', () => {
  it('reads one take’s or comment’s reaction, favorite and vote', () => {
    expect(markOf(marks, 'a')).toEqual({ reaction: 'like', favorited: false, vote: null });
    expect(markOf(marks, 'b')).toEqual({ reaction: null, favorited: true, vote: 'well' });
    expect(markOf(marks, 'c')).toEqual({ reaction: 'dislike', favorited: false, vote: null });
  });

  it('is no mark for an id the reader never touched, or for a visitor', () => {
    expect(markOf(marks, 'z')).toEqual(NO_MARK);
    expect(markOf(null, 'a')).toEqual(NO_MARK);
  });
});

describe('mergeMarks', () => {
  it('joins two answers about different ids', () => {
    const more: Marks = { reactions: { d: 'like' }, favorites: ['d'], votes: {} };
    const both = mergeMarks(marks, more)!;
    expect(markOf(both, 'a').reaction).toBe('like');
    expect(markOf(both, 'd')).toEqual({ reaction: 'like', favorited: true, vote: null });
  });

  it('keeps the one answer there is', () => {
    expect(mergeMarks(null, marks)).toBe(marks);
    expect(mergeMarks(marks, null)).toBe(marks);
    expect(mergeMarks(null, null)).toBeNull();
  });
});
