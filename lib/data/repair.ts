import 'server-only';
import type { Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { derivedScores } from '@/lib/data/counters';
import { wilsonLowerBound } from '@/lib/ranking';
import { Comment, EntityStat, Follow, ReceiptVote, Take, User, UserAction } from '@/models';

export type Fix = { collection: string; id: string; field: string; was: number; now: number; derived?: true };

type Tally = Map<string, number>;
const bump = (t: Tally, key: string, by = 1) => t.set(key, (t.get(key) ?? 0) + by);

async function groupCount(model: typeof UserAction | typeof Comment | typeof Follow | typeof Take | typeof ReceiptVote, by: Record<string, string>, match: object = {}) {
  const rows = await (model as typeof UserAction).aggregate<{ _id: Record<string, unknown>; n: number }>([
    { $match: match },
    { $group: { _id: by, n: { $sum: 1 } } },
  ]);
  return rows;
}

/**
 * Recomputes every denormalised counter from the facts under it (actions,
 * comments, follows, takes) and writes only the ones that disagree. On a
 * healthy database it changes nothing and reports nothing. `dryRun` writes
 * nothing and also reports the ranking keys that disagree with their counts
 * (marked `derived`), which a repair brings in line without reporting them.
 */
export async function repairCounts({ dryRun = false }: { dryRun?: boolean } = {}): Promise<Fix[]> {
  await dbConnect();
  const fixes: Fix[] = [];
  const write = async (update: () => Promise<unknown>) => {
    if (!dryRun) await update();
  };

  const actions: Record<string, Tally> = { like: new Map(), dislike: new Map(), favorite: new Map(), share: new Map() };
  // Reactions also by the reactor's team at the time, for the fan-base split: keyed "take:team".
  const byTeam: Record<string, Tally> = { like: new Map(), dislike: new Map() };
  for (const row of await groupCount(UserAction, { target: '$target', actionType: '$actionType', team: '$team' })) {
    const [target, actionType, team] = [String(row._id.target), String(row._id.actionType), row._id.team];
    bump(actions[actionType] ?? new Map(), target, row.n);
    if (typeof team === 'number' && byTeam[actionType]) bump(byTeam[actionType], `${target}:${team}`, row.n);
  }
  const votes: Record<string, Tally> = { well: new Map(), poorly: new Map() };
  for (const row of await groupCount(ReceiptVote, { take: '$take', vote: '$vote' })) bump(votes[String(row._id.vote)] ?? new Map(), String(row._id.take), row.n);
  const commentsPerTake: Tally = new Map();
  for (const row of await groupCount(Comment, { postID: '$postID' })) bump(commentsPerTake, String(row._id.postID), row.n);
  const repliesPerComment: Tally = new Map();
  for (const row of await groupCount(Comment, { parent: '$parentComment' })) {
    if (row._id.parent) bump(repliesPerComment, String(row._id.parent), row.n);
  }

  const takes = await Take.find({}).lean<{ _id: Types.ObjectId; createdAt: Date; createdBy: Types.ObjectId; entityKey: string; fanTeam?: number | null }[]>();
  const stats = new Map<string, { takes: number; likes: number; comments: number; shares: number }>();
  const postsPerUser: Tally = new Map();
  for (const take of takes) {
    const id = String(take._id);
    const truth = {
      likes: actions.like!.get(id) ?? 0,
      dislikes: actions.dislike!.get(id) ?? 0,
      favorites: actions.favorite!.get(id) ?? 0,
      shares: actions.share!.get(id) ?? 0,
      commentsCount: commentsPerTake.get(id) ?? 0,
    };
    const fanKey = `${id}:${take.fanTeam}`;
    const agedWell = votes.well!.get(id) ?? 0;
    const agedPoorly = votes.poorly!.get(id) ?? 0;
    const counters = {
      ...truth,
      fanLikes: take.fanTeam == null ? 0 : (byTeam.like!.get(fanKey) ?? 0),
      fanDislikes: take.fanTeam == null ? 0 : (byTeam.dislike!.get(fanKey) ?? 0),
      agedWell,
      agedPoorly,
      receiptVotes: agedWell + agedPoorly,
    };
    // Ranking keys follow from the counters: brought in line silently, not reported as repairs.
    const derived = derivedScores({ ...truth, createdAt: take.createdAt });
    const stored = take as unknown as Partial<Record<string, number>>;
    const set: Record<string, number> = {};
    for (const [field, value] of Object.entries({ ...counters, ...derived })) {
      const was = stored[field];
      // A field a take was stored without (written before it existed) is filled in, not reported.
      if (was === undefined) set[field] = value;
      else if (Math.abs(was - value) > 1e-6) {
        set[field] = value;
        if (field in counters) fixes.push({ collection: 'takes', id, field, was, now: value });
        else if (dryRun) fixes.push({ collection: 'takes', id, field, was, now: value, derived: true });
      }
    }
    if (Object.keys(set).length) await write(() => Take.updateOne({ _id: take._id }, { $set: set }));
    const stat = stats.get(take.entityKey) ?? { takes: 0, likes: 0, comments: 0, shares: 0 };
    stat.takes += 1;
    stat.likes += truth.likes;
    stat.comments += truth.commentsCount;
    stat.shares += truth.shares;
    stats.set(take.entityKey, stat);
    bump(postsPerUser, String(take.createdBy));
  }

  for (const comment of await Comment.find({}).select({ likes: 1, dislikes: 1, repliesCount: 1, wilson: 1 }).lean<{ _id: Types.ObjectId; likes: number; dislikes: number; repliesCount: number; wilson?: number }[]>()) {
    const id = String(comment._id);
    const truth = { likes: actions.like!.get(id) ?? 0, dislikes: actions.dislike!.get(id) ?? 0, repliesCount: repliesPerComment.get(id) ?? 0 };
    const set: Record<string, number> = Object.fromEntries(Object.entries(truth).filter(([f, v]) => comment[f as keyof typeof truth] !== v));
    for (const [field, now] of Object.entries(set)) fixes.push({ collection: 'comments', id, field, was: comment[field as keyof typeof truth], now });
    const wilson = wilsonLowerBound(truth.likes, truth.dislikes);
    if (comment.wilson === undefined || Math.abs(comment.wilson - wilson) > 1e-6) set.wilson = wilson;
    if (Object.keys(set).length) await write(() => Comment.updateOne({ _id: comment._id }, { $set: set }));
  }

  const followers: Tally = new Map();
  const following: Tally = new Map();
  for (const row of await groupCount(Follow, { followee: '$followee' })) bump(followers, String(row._id.followee), row.n);
  for (const row of await groupCount(Follow, { follower: '$follower' })) bump(following, String(row._id.follower), row.n);
  for (const user of await User.find({}).select({ followersCount: 1, followingCount: 1, postsCount: 1 }).lean<{ _id: Types.ObjectId; followersCount: number; followingCount: number; postsCount: number }[]>()) {
    const id = String(user._id);
    const truth = { followersCount: followers.get(id) ?? 0, followingCount: following.get(id) ?? 0, postsCount: postsPerUser.get(id) ?? 0 };
    const set = Object.fromEntries(Object.entries(truth).filter(([f, v]) => user[f as keyof typeof truth] !== v));
    for (const [field, now] of Object.entries(set)) fixes.push({ collection: 'users', id, field, was: user[field as keyof typeof truth], now });
    if (Object.keys(set).length) await write(() => User.updateOne({ _id: user._id }, { $set: set }));
  }

  for (const stat of await EntityStat.find({}).lean<{ _id: string; takes: number; likes: number; comments: number; shares: number }[]>()) {
    const truth = stats.get(stat._id) ?? { takes: 0, likes: 0, comments: 0, shares: 0 };
    const set = Object.fromEntries(Object.entries(truth).filter(([f, v]) => stat[f as keyof typeof truth] !== v));
    for (const [field, now] of Object.entries(set)) fixes.push({ collection: 'entitystats', id: stat._id, field, was: stat[field as keyof typeof truth], now });
    if (Object.keys(set).length) await write(() => EntityStat.updateOne({ _id: stat._id }, { $set: set }));
  }
  return fixes;
}
