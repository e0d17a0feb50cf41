import { z } from 'zod';

/** Where a page ended: its last item's sort key (a time as epoch ms) and id. */
export type Cursor = { value: number; id: string };

/**
 * "value_id". Sort keys are rounded to 7 decimals when stored (lib/data/counters/counters.ts), so fixed notation carries
 * them exactly; a time is whole milliseconds.
 */
export function encodeCursor(value: number, id: string): string {
  return `${value.toFixed(7).replace(/\.?0+$/, '')}_${id}`;
}

/** A list's `cursor` parameter: the `nextCursor` (or X-Next-Cursor) of the page before, decoded as it is parsed. */
export const cursorParam = z
  .string()
  .regex(/^-?\d{1,16}(\.\d{1,7})?_[a-f0-9]{24}$/, 'must be the nextCursor of a previous page')
  .transform((text): Cursor => {
    const at = text.lastIndexOf('_');
    return { value: Number(text.slice(0, at)), id: text.slice(at + 1) };
  })
  .optional()
  .describe('nextCursor of the previous page');

/** The next page's cursor in an answer: null on the last page. */
export const nextCursor = z.string().nullable();
