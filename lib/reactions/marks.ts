import type { ReceiptVote } from '@/lib/receipts/receipts';
import type { MarksAnswer } from '@/lib/validation/user-actions';

export type Reaction = 'like' | 'dislike';

/**
 * What the signed-in fan has done to the takes and comments on a page: their
 * reaction, their favorites and their receipt votes, keyed by id (take and
 * comment ids never collide). Read for the ids on the page only, never the
 * whole history; plain records so they travel from a Server Component as props.
 */
export type Marks = MarksAnswer;

/** One take's or comment's marks, as a card or comment starts from. */
export type Mark = { reaction: Reaction | null; favorited: boolean; vote: ReceiptVote | null };

export const NO_MARK: Mark = { reaction: null, favorited: false, vote: null };

export function markOf(marks: Marks | null | undefined, id: string): Mark {
  if (!marks) return NO_MARK;
  return { reaction: marks.reactions[id] ?? null, favorited: marks.favorites.includes(id), vote: marks.votes[id] ?? null };
}

/** Two answers about different ids, as one. */
export function mergeMarks(a: Marks | null, b: Marks | null): Marks | null {
  if (!a || !b) return a ?? b;
  return { reactions: { ...a.reactions, ...b.reactions }, favorites: [...a.favorites, ...b.favorites], votes: { ...a.votes, ...b.votes } };
}
