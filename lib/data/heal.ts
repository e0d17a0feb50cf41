import 'server-only';
import mongoose from 'mongoose';
import { derivedScores } from '@/lib/data/counters';
import { COMMENT_TALLIES, countOne, TAKE_TALLIES, USER_TALLIES } from '@/lib/data/recounts';
import { log } from '@/lib/log';
import { wilsonLowerBound } from '@/lib/ranking';
import { Comment, EntityStat, Take, type TakeRow, User } from '@/models';

/**
 * A write is a fact (an action, a comment, a follow) and then the counters it
 * moves. When the database goes away between the two, the fact may be stored
 * while its counter is not. Such targets are remembered here and recounted from
 * their facts once the database answers again, off any reader's time;
 * `npm run repair-counts` is the backstop for a process that dies before that.
 */
type Target = { kind: 'take' | 'comment' | 'user'; id: string };

const globalHeal = globalThis as typeof globalThis & { __takesHeal?: { pending: Map<string, Target>; running: Promise<number> | null } };
const state = (globalHeal.__takesHeal ??= { pending: new Map(), running: null });

export function healLater(...targets: Target[]) {
  for (const t of targets) state.pending.set(`${t.kind}:${t.id}`, t);
}

/** Runs `write`; if it fails, the given targets are recounted later. */
export async function movingCounters<T>(targets: Target[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    healLater(...targets);
    throw error;
  }
}

async function recountTake(id: string) {
  const _id = new mongoose.Types.ObjectId(id);
  const take = await Take.findById(_id).lean<Pick<TakeRow, 'createdAt' | 'entityKey' | 'fanTeam'>>();
  if (!take) return;
  const counts = await countOne(TAKE_TALLIES, _id, take.fanTeam);
  const receiptVotes = counts.agedWell + counts.agedPoorly;
  await Take.updateOne({ _id }, { $set: { ...counts, receiptVotes, ...derivedScores({ ...counts, createdAt: take.createdAt }) } });
  const siblings = await Take.find({ entityKey: take.entityKey })
    .select({ likes: 1, commentsCount: 1, shares: 1 })
    .lean<Pick<TakeRow, 'likes' | 'commentsCount' | 'shares'>[]>();
  await EntityStat.updateOne(
    { _id: take.entityKey },
    {
      $set: {
        takes: siblings.length,
        likes: siblings.reduce((n, t) => n + t.likes, 0),
        comments: siblings.reduce((n, t) => n + t.commentsCount, 0),
        shares: siblings.reduce((n, t) => n + t.shares, 0),
      },
    },
  );
}

async function recountComment(id: string) {
  const _id = new mongoose.Types.ObjectId(id);
  const counts = await countOne(COMMENT_TALLIES, _id);
  await Comment.updateOne({ _id }, { $set: { ...counts, wilson: wilsonLowerBound(counts.likes, counts.dislikes) } });
}

async function recountUser(id: string) {
  const _id = new mongoose.Types.ObjectId(id);
  await User.updateOne({ _id }, { $set: await countOne(USER_TALLIES, _id) });
}

/** Whether an earlier failure left something to recount in this process. */
export const healNeeded = () => state.pending.size > 0;

async function healAll(): Promise<number> {
  let healed = 0;
  try {
    for (const [key, target] of [...state.pending]) {
      if (target.kind === 'take') await recountTake(target.id);
      else if (target.kind === 'comment') await recountComment(target.id);
      else await recountUser(target.id);
      state.pending.delete(key);
      healed += 1;
      log.info({ healed: key }, 'counter recounted from its facts');
    }
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'recount deferred');
  }
  return healed;
}

/**
 * Recounts whatever is pending, once the database answers again: after the
 * response of a request that reached it (lib/http.ts), and on the scheduled
 * job's run, which waits for a recount already under way. Resolves to how many
 * targets it recounted.
 */
export function healPending(): Promise<number> {
  if (!state.running && !healNeeded()) return Promise.resolve(0);
  state.running ??= healAll().finally(() => {
    state.running = null;
  });
  return state.running;
}
