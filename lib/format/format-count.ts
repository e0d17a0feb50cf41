import { COUNT_ABBREVIATE_FROM } from '@/lib/constants';

/**
 * 9999 → "9999", 12345 → "12.3K", 150000 → "150K". Truncated, not rounded, so a
 * label never claims more than there is (19999 is "19.9K", not "20K").
 */
function abbreviate(count: number, suffix: 'K' | 'k'): string {
  if (count < COUNT_ABBREVIATE_FROM) return String(count);
  const tenths = Math.floor(count / 100) / 10;
  const value = tenths >= 100 || Number.isInteger(tenths) ? String(Math.floor(tenths)) : tenths.toFixed(1);
  return `${value}${suffix}`;
}

/** Reply counts use a capital K ("12.3K replies"). */
export const formatReplyCount = (count: number) => abbreviate(count, 'K');

/** The comment count on a take's footer uses a small k ("12.3k"). */
export const formatCommentCount = (count: number) => abbreviate(count, 'k');
