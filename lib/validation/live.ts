import { z } from 'zod';

/** The feed's newest take, which an open feed polls to learn that something was posted since it loaded. */
export const newestTakeAnswer = z.object({
  newest: z.object({ _id: z.string(), createdAt: z.string() }).nullable().describe('null while there are no takes'),
});

/** What an open take shows that others change: its counts and how many comments it has. */
export const liveTakeAnswer = z.object({
  likes: z.number(),
  dislikes: z.number(),
  shares: z.number(),
  commentsCount: z.number().describe('Comments and replies still standing'),
});

export type NewestTake = z.output<typeof newestTakeAnswer>;
export type LiveTake = z.output<typeof liveTakeAnswer>;
