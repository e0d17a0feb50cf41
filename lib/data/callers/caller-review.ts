import 'server-only';
import mongoose from 'mongoose';
import { CALLER_REVIEW_SIZE } from '@/lib/callers/constants';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import { LEAN_USER_FIELDS, toPublicUser, type LeanUser } from '@/lib/data/shared/mappers';
import type { FollowerSwayedCall } from '@/lib/validation/moderation';
import { CallerScore, type CallerScoreRow, User } from '@/models';

type Row = Pick<CallerScoreRow, '_id' | 'author' | 'title' | 'verdict' | 'countedWell' | 'countedPoorly' | 'followerVotes' | 'scoredAt'>;

/**
 * The moderation queue's look at Callers: scored verdicts most of whose
 * counted voters follow the author, latest first. A fan's friends voting their
 * takes up is allowed but worth a moderator's eye; the fact is stored with the
 * score (CallerScore.followed), so this is one index range.
 */
export async function listFollowerSwayedCalls(): Promise<FollowerSwayedCall[]> {
  await dbConnect();
  const rows = await CallerScore.find({ followed: true })
    .sort({ scoredAt: -1, _id: -1 })
    .limit(CALLER_REVIEW_SIZE)
    .select({ author: 1, title: 1, verdict: 1, countedWell: 1, countedPoorly: 1, followerVotes: 1, scoredAt: 1 })
    .lean<Row[]>();
  if (rows.length === 0) return [];
  const authors = await User.find({ _id: mongoose.trusted({ $in: [...new Set(rows.map((r) => String(r.author)))] }) })
    .select(LEAN_USER_FIELDS)
    .lean<LeanUser[]>();
  const byId = new Map(authors.map((u) => [String(u._id), u]));
  const { teamNicknames } = await directory();
  return rows.map((r) => ({
    takeId: String(r._id),
    title: r.title ?? 'Removed by moderators',
    author: toPublicUser(byId.get(String(r.author)), teamNicknames),
    verdict: r.verdict === 'well' ? 'well' : 'poorly',
    votes: (r.countedWell ?? 0) + (r.countedPoorly ?? 0),
    followerVotes: r.followerVotes ?? 0,
    scoredAt: r.scoredAt.toISOString(),
  }));
}
