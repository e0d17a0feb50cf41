import type { Reaction } from '@/lib/reactions/marks';
import type { ActionCounts } from '@/lib/validation/user-actions';

export type Counts = ActionCounts;

/**
 * What a tap does locally (docs/product.md#interactions): a new reaction replaces the old one; the
 * active one again clears it on a comment and does nothing on a take (undefined).
 */
export function nextReaction(current: Reaction | null, tapped: Reaction, clearsOnRepeat: boolean): Reaction | null | undefined {
  if (current !== tapped) return tapped;
  return clearsOnRepeat ? null : undefined;
}

/** The counts after moving from one reaction to another, shown until the server answers. */
export function applyReaction(counts: Counts, from: Reaction | null, to: Reaction | null): Counts {
  const next = { ...counts };
  if (from === 'like') next.likes -= 1;
  if (from === 'dislike') next.dislikes -= 1;
  if (to === 'like') next.likes += 1;
  if (to === 'dislike') next.dislikes += 1;
  return next;
}
