import type { CollapsedComment, CommentDTO } from '@/lib/validation/comments';
import type { CollapsedTake } from '@/lib/validation/takes';

// Apart from their schemas in lib/validation: a client component tells a whole card from a collapsed one with these,
// and importing them from there brought zod into the game page's first load.

/** Whether a listed take is shown whole (its card drawn, its marks read) rather than collapsed by the viewer's filters. */
export const isWholeTake = <T extends { _id: string }>(take: T | CollapsedTake): take is T => !('collapsed' in take);

/** Whether a listed comment is shown whole rather than collapsed by the viewer's filters. */
export const isWholeComment = (listed: CommentDTO | CollapsedComment): listed is CommentDTO => !('collapsed' in listed);
