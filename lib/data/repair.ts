import 'server-only';
import { dbConnect } from '@/lib/db';
import { derivedScores } from '@/lib/data/counters';
import { COMMENT_TALLIES, countAll, countOf, TAKE_TALLIES, USER_TALLIES } from '@/lib/data/recounts';
import { wilsonLowerBound } from '@/lib/ranking';
import { Comment, type CommentRow, EntityStat, type EntityStatRow, Take, type TakeRow, User, type UserRow } from '@/models';

export type Fix = { collection: string; id: string; field: string; was: number; now: number; derived?: true };

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

  const [takeCounts, commentCounts, userCounts] = await Promise.all([
    countAll(TAKE_TALLIES),
    countAll(COMMENT_TALLIES),
    countAll(USER_TALLIES),
  ]);

  const takes = await Take.find({}).lean<Pick<TakeRow, '_id' | 'createdAt' | 'createdBy' | 'entityKey' | 'fanTeam'>[]>();
  const stats = new Map<string, { takes: number; likes: number; comments: number; shares: number }>();
  for (const take of takes) {
    const id = String(take._id);
    const truth = countOf(TAKE_TALLIES, takeCounts, id, take.fanTeam);
    const counters = { ...truth, receiptVotes: truth.agedWell + truth.agedPoorly };
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
  }

  for (const comment of await Comment.find({})
    .select({ likes: 1, dislikes: 1, repliesCount: 1, wilson: 1 })
    .lean<(Pick<CommentRow, '_id' | 'likes' | 'dislikes' | 'repliesCount'> & Partial<Pick<CommentRow, 'wilson'>>)[]>()) {
    const id = String(comment._id);
    const truth = countOf(COMMENT_TALLIES, commentCounts, id);
    const set: Record<string, number> = Object.fromEntries(
      Object.entries(truth).filter(([f, v]) => comment[f as keyof typeof truth] !== v),
    );
    for (const [field, now] of Object.entries(set))
      fixes.push({ collection: 'comments', id, field, was: comment[field as keyof typeof truth], now });
    const wilson = wilsonLowerBound(truth.likes, truth.dislikes);
    if (comment.wilson === undefined || Math.abs(comment.wilson - wilson) > 1e-6) set.wilson = wilson;
    if (Object.keys(set).length) await write(() => Comment.updateOne({ _id: comment._id }, { $set: set }));
  }

  for (const user of await User.find({})
    .select({ followersCount: 1, followingCount: 1, postsCount: 1 })
    .lean<Pick<UserRow, '_id' | 'followersCount' | 'followingCount' | 'postsCount'>[]>()) {
    const id = String(user._id);
    const truth = countOf(USER_TALLIES, userCounts, id);
    const set = Object.fromEntries(Object.entries(truth).filter(([f, v]) => user[f as keyof typeof truth] !== v));
    for (const [field, now] of Object.entries(set))
      fixes.push({ collection: 'users', id, field, was: user[field as keyof typeof truth], now });
    if (Object.keys(set).length) await write(() => User.updateOne({ _id: user._id }, { $set: set }));
  }

  for (const stat of await EntityStat.find({}).lean<Pick<EntityStatRow, '_id' | 'takes' | 'likes' | 'comments' | 'shares'>[]>()) {
    const truth = stats.get(stat._id) ?? { takes: 0, likes: 0, comments: 0, shares: 0 };
    const set = Object.fromEntries(Object.entries(truth).filter(([f, v]) => stat[f as keyof typeof truth] !== v));
    for (const [field, now] of Object.entries(set))
      fixes.push({ collection: 'entitystats', id: stat._id, field, was: stat[field as keyof typeof truth], now });
    if (Object.keys(set).length) await write(() => EntityStat.updateOne({ _id: stat._id }, { $set: set }));
  }
  return fixes;
}
