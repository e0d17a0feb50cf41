import { z } from 'zod';

/** POST and DELETE /api/session: whether the browser now holds a session cookie, and until when. */
export const sessionAnswer = z.object({
  signedIn: z.boolean(),
  expiresAt: z.iso.datetime().nullable(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;
