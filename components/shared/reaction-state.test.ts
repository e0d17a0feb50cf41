import { applyReaction, nextReaction } from './reaction-state';

const counts = { likes: 10, dislikes: 4, shares: 2 };

describe('nextReaction', () => {
  it('sets a reaction from neutral', () => {
    expect(nextReaction(null, 'like', false)).toBe('like');
  });

  it('switches when the other reaction is tapped', () => {
    expect(nextReaction('dislike', 'like', false)).toBe('like');
    expect(nextReaction('like', 'dislike', true)).toBe('dislike');
  });

  it('does nothing when a take’s active reaction is tapped again', () => {
    expect(nextReaction('like', 'like', false)).toBeUndefined();
  });

  it('clears a comment’s active reaction when tapped again', () => {
    expect(nextReaction('dislike', 'dislike', true)).toBeNull();
  });
});

describe('applyReaction', () => {
  it('adds a like from neutral', () => {
    expect(applyReaction(counts, null, 'like')).toEqual({ likes: 11, dislikes: 4, shares: 2 });
  });

  it('moves one vote across when switching', () => {
    expect(applyReaction(counts, 'dislike', 'like')).toEqual({ likes: 11, dislikes: 3, shares: 2 });
  });

  it('takes the vote back when clearing', () => {
    expect(applyReaction(counts, 'like', null)).toEqual({ likes: 9, dislikes: 4, shares: 2 });
  });
});
