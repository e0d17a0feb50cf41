import { z } from 'zod';
import { TIME_WINDOWS_MS, type TimeRange } from '@/lib/constants';

export const FEED_MAX_PAGE_SIZE = 50;

/**
 * A 24-character hex id, accepted in either case and lower-cased as it is parsed: the database reads both alike, but
 * cache keys and tags are strings, and a write expires the tags of the id as stored (lower case). An id spelled in
 * upper case must name the same entries, or a reader could keep a take's comments after moderators hid it.
 */
export const objectId = z
  .string()
  .regex(/^[a-fA-F0-9]{24}$/, 'must be a valid id')
  .toLowerCase()
  .describe('A 24-character hex id');
export const firebaseUid = z
  .string()
  .regex(/^[\w-]{1,128}$/, 'must be a valid user id')
  .describe('A Firebase user id');
/**
 * A whole number, also when written in digits: path and query values arrive as strings. Only digits convert;
 * `Number()` would also turn "", " ", "0x10" and "1e3" into numbers.
 */
const wholeNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value), schema);

/** NBA ids are positive integers. */
export const nbaId = wholeNumber(z.number({ error: 'must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER));
export const topicSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a topic id such as mvp-race');

export const timeRange = z.enum(Object.keys(TIME_WINDOWS_MS) as [TimeRange, ...TimeRange[]], {
  error: 'must be one of 12h, 24h, week, all',
});

export const pageQuery = (defaultLimit: number, maxLimit: number) => ({
  skip: wholeNumber(z.number({ error: 'must be a number' }).int().min(0).max(10_000)).default(0),
  limit: wholeNumber(z.number({ error: 'must be a number' }).int().min(1).max(maxLimit, `must be at most ${maxLimit}`)).default(
    defaultLimit,
  ),
});

/** "epochMs_id" of the last item of a page ordered by (createdAt, _id), newest first. */
/**
 * Text a fan types: trimmed, and required once trimmed. The limit holds for the text as sent, as the
 * OpenAPI document says (a client pads nothing past it: the inputs carry the same maxLength).
 */
export const typedText = (max: number, { required, tooLong }: { required: string; tooLong: string }) =>
  z.string({ error: required }).max(max, tooLong).trim().min(1, required);

export const errorResponse = z.object({ error: z.string() }).describe('An error a person can act on');

/** What a write that changes nothing else on screen answers: the words to show. */
export const messageAnswer = z.object({ message: z.string() });

/** Path params. */
export const idParams = z.object({ id: objectId });
export const uidParams = z.object({ uid: firebaseUid });
