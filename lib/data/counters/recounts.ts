import 'server-only';
import type { Types } from 'mongoose';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { Comment, Follow, ReceiptVote, Take, UserAction } from '@/models';

/**
 * A counter and the facts under it: the documents of `model` whose `by` field
 * names the counted document, narrowed by `where`. `perTeam`: only reactions
 * made as a fan of the take's team count (the fan-base split, models/user-action.ts).
 */
export type Tally = { model: AnyModel; by: string; where?: Record<string, unknown>; perTeam?: true };

const reactions = (actionType: string, perTeam?: true): Tally => ({ model: UserAction, by: 'target', where: { actionType }, perTeam });

/**
 * Every denormalised counter, defined once: the scheduled job's checks and
 * `npm run repair-counts` (lib/data/counters/counter-ledgers.ts) both count from these,
 * so a new counter is one line here.
 */
export const TAKE_TALLIES = {
  likes: reactions('like'),
  dislikes: reactions('dislike'),
  favorites: reactions('favorite'),
  shares: reactions('share'),
  // A "[deleted]" placeholder holds its replies' place but is no longer a comment; it still counts as a reply.
  commentsCount: { model: Comment, by: 'postID', where: { deletedAt: null } },
  fanLikes: reactions('like', true),
  fanDislikes: reactions('dislike', true),
  agedWell: { model: ReceiptVote, by: 'take', where: { vote: 'well' } },
  agedPoorly: { model: ReceiptVote, by: 'take', where: { vote: 'poorly' } },
} satisfies Record<string, Tally>;

export const COMMENT_TALLIES = {
  likes: reactions('like'),
  dislikes: reactions('dislike'),
  repliesCount: { model: Comment, by: 'parentComment' },
} satisfies Record<string, Tally>;

export const USER_TALLIES = {
  followersCount: { model: Follow, by: 'followee' },
  followingCount: { model: Follow, by: 'follower' },
  postsCount: { model: Take, by: 'createdBy' },
} satisfies Record<string, Tally>;

/**
 * Counters of many documents at once, one grouped count per counter: every
 * document's, or only those of `ids` (an index on the fact's `by` field serves
 * that). Read them with `countOf`.
 */
export async function countAll<K extends string>(
  tallies: Record<K, Tally>,
  ids?: readonly Types.ObjectId[],
): Promise<Record<K, Map<string, number>>> {
  const counted = await Promise.all(
    (Object.entries(tallies) as [K, Tally][]).map(async ([field, t]): Promise<[K, Map<string, number>]> => {
      const rows = await t.model.aggregate<{ _id: { of: unknown; team?: unknown }; n: number }>([
        { $match: { ...(ids ? { [t.by]: { $in: ids } } : {}), ...t.where } },
        { $group: { _id: { of: `$${t.by}`, ...(t.perTeam ? { team: '$team' } : {}) }, n: { $sum: 1 } } },
      ]);
      const byId = new Map<string, number>();
      for (const { _id, n } of rows) if (_id.of != null) byId.set(t.perTeam ? `${_id.of}:${_id.team}` : String(_id.of), n);
      return [field, byId];
    }),
  );
  return Object.fromEntries(counted) as Record<K, Map<string, number>>;
}

/** One document's counters out of `countAll`'s answer. */
export function countOf<K extends string>(
  tallies: Record<K, Tally>,
  all: Record<K, Map<string, number>>,
  id: string,
  team?: number | null,
): Record<K, number> {
  return Object.fromEntries(
    (Object.keys(tallies) as K[]).map((field) => {
      const perTeam = tallies[field].perTeam;
      if (perTeam && team == null) return [field, 0];
      return [field, all[field].get(perTeam ? `${id}:${team}` : id) ?? 0];
    }),
  ) as Record<K, number>;
}
