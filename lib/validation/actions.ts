import { z } from 'zod';
import { objectId } from '@/lib/validation/common';

export const ACTION_TYPES = ['like', 'dislike', 'favorite', 'share'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * userID is accepted for the spec's client but never trusted: the user is the
 * token's, and a different userID is refused (403) by the route.
 */
export const userActionBody = z
  .object({
    actionType: z.enum(ACTION_TYPES, { error: 'actionType must be like, dislike, favorite or share' }),
    postID: z.union([objectId, z.literal(''), z.null()]).optional().transform((v) => v || null),
    commentID: z.union([objectId, z.literal(''), z.null()]).optional().transform((v) => v || null),
    userID: z.string().max(128).optional().nullable(),
  })
  .superRefine((body, ctx) => {
    if (Boolean(body.postID) === Boolean(body.commentID)) {
      ctx.addIssue({ code: 'custom', message: 'Send exactly one of postID or commentID.' });
    }
    if (body.commentID && (body.actionType === 'favorite' || body.actionType === 'share')) {
      ctx.addIssue({ code: 'custom', message: `A comment cannot be given a ${body.actionType}.` });
    }
  });
export type UserActionInput = z.output<typeof userActionBody>;

export const userAction = z.object({
  actionType: z.enum(ACTION_TYPES),
  postID: z.string().optional(),
  commentID: z.string().optional(),
});

export const actionCounts = z.object({ likes: z.number(), dislikes: z.number(), shares: z.number() });
