import { z } from 'zod';
import { FEED_MAX_PAGE_SIZE, pageQuery } from '@/lib/validation/common';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { cursorParam, nextCursor } from '@/lib/validation/cursor';
import { listedTake } from '@/lib/validation/takes';

export const followingQuery = z.object({ limit: pageQuery(FEED_PAGE_SIZE, FEED_MAX_PAGE_SIZE).limit, cursor: cursorParam });

export const followingPage = z.object({ takes: z.array(listedTake), nextCursor });

export const suggestedUser = z.object({
  _id: z.string(),
  username: z.string(),
  profilePictureUrl: z.string().nullable(),
  firebaseUID: z.string(),
  followersCount: z.number(),
});

export type FollowingPage = z.output<typeof followingPage>;
export type SuggestedUser = z.output<typeof suggestedUser>;
