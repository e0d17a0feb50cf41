import { z } from 'zod';
import { objectId } from '@/lib/validation/common';

/** Takes and comments one GET /api/user-action/{uid}/marks may ask about: a page of either, with room to spare. */
export const MARKS_MAX_IDS = 100;

/**
 * `UserAction`, `actionType` and `POST /api/user-action` are the names docs/product.md#api and the `useractions`
 * collection fix; in code a like or dislike is a reaction, and one stored record of any kind a user action
 * (docs/glossary.md).
 */
export const ACTION_TYPES = ['like', 'dislike', 'favorite', 'share'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * userID is accepted for the clients of docs/product.md#api but never trusted: the user is the
 * token's, and a different userID is refused (403) by the route.
 */
export const userActionBody = z
  .object({
    actionType: z.enum(ACTION_TYPES, { error: 'actionType must be like, dislike, favorite or share' }),
    postID: z
      .union([objectId, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    commentID: z
      .union([objectId, z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
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

/** GET /api/user-action/{uid}/marks: the ids of the takes and comments on screen, comma-separated. */
export const marksQuery = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(','))])
    .pipe(z.array(objectId).min(1).max(MARKS_MAX_IDS, `at most ${MARKS_MAX_IDS} ids`))
    .describe(`Take and comment ids, comma-separated (at most ${MARKS_MAX_IDS})`),
});

/** The viewer's marks on those ids only: reactions, favorites and receipt votes. */
export const marksAnswer = z.object({
  reactions: z.record(objectId, z.enum(['like', 'dislike'])),
  favorites: z.array(objectId),
  votes: z.record(objectId, z.enum(['well', 'poorly'])),
});

export type ActionRecord = z.output<typeof userAction>;
export type ActionCounts = z.output<typeof actionCounts>;
export type MarksAnswer = z.output<typeof marksAnswer>;
