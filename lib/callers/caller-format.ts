import { seasonLabel, type Board } from '@/lib/callers/callers';

/** How a board writes a caller's numbers; shared by the server-rendered rows, the rows Load More adds, the profile and the preview image. */

/** A board's title: "Top callers of 2026–27", "Top callers of all time". */
export const boardTitle = (board: Board) => (board === 'all' ? 'Top callers of all time' : `Top callers of ${seasonLabel(board)}`);

/** A rating with two decimals and its sign: "+0.42", "−0.10", "0.00". */
export function formatRating(rating: number): string {
  const fixed = Math.abs(rating).toFixed(2);
  if (fixed === '0.00') return fixed;
  return `${rating > 0 ? '+' : '−'}${fixed}`;
}

/** Aged well – aged poorly – close: "12–3–2". */
export const formatRecord = ({ well, poorly, close }: { well: number; poorly: number; close: number }) => `${well}–${poorly}–${close}`;

/** The hit rate's lower bound as a whole percentage. */
export const formatHitRate = (low: number) => `${Math.round(low * 100)}%`;

export const HIT_RATE_HINT =
  'At least this share of their scored calls aged well, allowing for luck: the lower end of the range their record supports.';
