import 'server-only';
import mongoose, { Types } from 'mongoose';
import type { Act } from '@/lib/callers/caller-links';
import { CALLER_IN_STEP } from '@/lib/callers/constants';
import { Comment, ReceiptVote, type ReceiptVoteRow, Take, User, UserAction, type UserActionRow, type UserRow } from '@/models';

/**
 * What the Callers rules read about fans (lib/data/callers/caller-votes.ts), each
 * read once per fan (and per fan and author) for all the calls one job run
 * scores, then dropped: the facts are as they stand at that run, `at`, which is
 * when the rules judge them.
 */

export type Account = { createdAt: number; cohort: string | null };

const earliest = async (found: Promise<{ createdAt?: Date; updatedAt?: Date } | null>, field: 'createdAt' | 'updatedAt') =>
  (await found)?.[field]?.getTime() ?? Number.POSITIVE_INFINITY;

/** Memoises `read` per key. */
function memo<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let found = seen.get(key);
    if (!found) seen.set(key, (found = read(key)));
    return found;
  };
}

export function callerFacts(at: Date) {
  const since = new Date(at.getTime() - CALLER_IN_STEP.lookbackMs);
  const firstPart = memo((user) =>
    Promise.all([
      earliest(Take.findOne({ createdBy: user }).sort({ createdAt: 1 }).select({ createdAt: 1 }).lean<{ createdAt: Date }>(), 'createdAt'),
      earliest(Comment.findOne({ user }).sort({ createdAt: 1 }).select({ createdAt: 1 }).lean<{ createdAt: Date }>(), 'createdAt'),
      // A reaction's updatedAt is when it last changed: one unchanged since before a date was made before it.
      earliest(UserAction.findOne({ user }).sort({ updatedAt: 1 }).select({ updatedAt: 1 }).lean<{ updatedAt: Date }>(), 'updatedAt'),
    ]).then((times) => Math.min(...times)),
  );
  const votesOn = memo((key) => {
    const [user, author] = key.split(':');
    return ReceiptVote.find({ user, author })
      .sort({ createdAt: 1 })
      .select({ createdAt: 1 })
      .lean<Pick<ReceiptVoteRow, 'createdAt'>[]>()
      .then((votes) => votes.map((v) => v.createdAt.getTime()));
  });
  const activity = memo(async (user): Promise<Act[]> => {
    const recent = { user, updatedAt: mongoose.trusted({ $gte: since, $lte: at }) };
    const [reactions, votes] = await Promise.all([
      UserAction.find(recent)
        .sort({ updatedAt: -1 })
        .limit(CALLER_IN_STEP.readLimit)
        .select({ target: 1, targetType: 1, slot: 1, createdAt: 1 })
        .lean<Pick<UserActionRow, 'target' | 'targetType' | 'slot' | 'createdAt'>[]>(),
      ReceiptVote.find(recent)
        .sort({ updatedAt: -1 })
        .limit(CALLER_IN_STEP.readLimit)
        .select({ take: 1, createdAt: 1 })
        .lean<Pick<ReceiptVoteRow, 'take' | 'createdAt'>[]>(),
    ]);
    return [
      ...reactions
        .filter((r) => r.targetType === 'take' && r.slot === 'reaction')
        .map((r) => ({ take: String(r.target), at: r.createdAt.getTime(), kind: 'reaction' as const })),
      ...votes.map((v) => ({ take: String(v.take), at: v.createdAt.getTime(), kind: 'vote' as const })),
    ];
  });
  const accounts = new Map<string, Promise<Account | null>>();
  return {
    /** When the fan first took part (a take, a comment or a reaction), by each kind's index; Infinity if never. */
    firstPart,
    /** When the fan cast each of their votes on the author's takes, earliest first. */
    votesOn: (user: string, author: string) => votesOn(`${user}:${author}`),
    /** The fan's take reactions (when each was first made) and verdict votes in the lookback before `at` (lib/callers/caller-links.ts). */
    activity,
    /** Each fan's account: when it was made and its sign-up cohort (null when gone). One read for those not read yet. */
    async accounts(users: string[]): Promise<Map<string, Account | null>> {
      const unread = users.filter((u) => !accounts.has(u));
      if (unread.length > 0) {
        const read = User.find({ _id: mongoose.trusted({ $in: unread.map((u) => new Types.ObjectId(u)) }) })
          .select({ createdAt: 1, signupCohort: 1 })
          .lean<Pick<UserRow, '_id' | 'createdAt' | 'signupCohort'>[]>()
          .then((rows) => new Map(rows.map((r) => [String(r._id), r])));
        for (const user of unread) {
          accounts.set(
            user,
            read.then((rows) => {
              const row = rows.get(user);
              return row ? { createdAt: row.createdAt.getTime(), cohort: row.signupCohort ? String(row.signupCohort) : null } : null;
            }),
          );
        }
      }
      return new Map(await Promise.all(users.map(async (u) => [u, await accounts.get(u)!] as const)));
    },
  };
}
export type CallerFacts = ReturnType<typeof callerFacts>;
