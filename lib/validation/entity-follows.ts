import { z } from 'zod';

/** What a fan can follow besides other fans (docs/product.md#game-day): their takes join the Following tab. */
export type FollowableType = 'team' | 'player';

/** The answer of following or unfollowing a team or player: whether the viewer follows it now. */
export const entityFollowState = z.object({ following: z.boolean() });

export type EntityFollowState = z.output<typeof entityFollowState>;
