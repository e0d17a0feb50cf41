import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { CALLER_VOTER_MIN_AGE_MS, CALLER_VOTES_PER_AUTHOR } from '@/lib/constants';
import {
  Block,
  type BlockRow,
  Comment,
  Follow,
  ReceiptVote,
  type ReceiptVoteRow,
  Take,
  type TakeRow,
  User,
  UserAction,
  type UserRow,
} from '@/models';

/**
 * Which of a receipt's verdict votes count toward its author's Callers score:
 * the anti-gaming rules of the issue, judged when the receipt is scored, from
 * the facts as they stand then. A vote counts when its voter
 *  - had an account before the take was posted, at least
 *    CALLER_VOTER_MIN_AGE_MS old on the check-back date, and had taken part (a
 *    take, a comment or a reaction) before that date: a crowd of fresh accounts
 *    made to vote a friend's take up counts for nothing;
 *  - is not the author (refused at vote time too) and is not blocked by them
 *    (a block made after the vote still keeps a feud out of the score);
 *  - cast fewer than CALLER_VOTES_PER_AUTHOR.max other votes on the same
 *    author's takes in the CALLER_VOTES_PER_AUTHOR.windowMs before it: one fan
 *    cannot carry a friend's whole record. The earliest votes are the ones that
 *    count, so a later vote never takes back one that already counted.
 */

export type ScoredTake = Pick<TakeRow, '_id' | 'createdBy' | 'createdAt' | 'checkBackAt'>;
type Vote = Pick<ReceiptVoteRow, 'user' | 'vote' | 'createdAt'>;
export type CountedVotes = { well: number; poorly: number; voters: Types.ObjectId[] };

const earliest = async (found: Promise<{ createdAt?: Date; updatedAt?: Date } | null>, field: 'createdAt' | 'updatedAt') =>
  (await found)?.[field]?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * What the rules read about voters, read once per voter (and per voter and
 * author) for all the receipts one job run scores, then dropped: the facts
 * are as they stand at that run, which is when the rules judge them.
 */
export function voterFacts() {
  const firstPart = new Map<string, Promise<number>>();
  const votesOn = new Map<string, Promise<number[]>>();
  return {
    /** When the fan first took part (a take, a comment or a reaction), by each kind's index; Infinity if never. */
    firstPart(user: Types.ObjectId): Promise<number> {
      const key = String(user);
      let found = firstPart.get(key);
      if (!found) {
        found = Promise.all([
          earliest(
            Take.findOne({ createdBy: user }).sort({ createdAt: 1 }).select({ createdAt: 1 }).lean<{ createdAt: Date }>(),
            'createdAt',
          ),
          earliest(Comment.findOne({ user }).sort({ createdAt: 1 }).select({ createdAt: 1 }).lean<{ createdAt: Date }>(), 'createdAt'),
          // A reaction's updatedAt is when it last changed: one unchanged since before a date was made before it.
          earliest(UserAction.findOne({ user }).sort({ updatedAt: 1 }).select({ updatedAt: 1 }).lean<{ updatedAt: Date }>(), 'updatedAt'),
        ]).then((times) => Math.min(...times));
        firstPart.set(key, found);
      }
      return found;
    },
    /** When the fan cast each of their votes on the author's takes, earliest first. */
    votesOn(user: Types.ObjectId, author: Types.ObjectId): Promise<number[]> {
      const key = `${String(user)}:${String(author)}`;
      let found = votesOn.get(key);
      if (!found) {
        found = ReceiptVote.find({ user, author })
          .sort({ createdAt: 1 })
          .select({ createdAt: 1 })
          .lean<Pick<ReceiptVoteRow, 'createdAt'>[]>()
          .then((votes) => votes.map((v) => v.createdAt.getTime()));
        votesOn.set(key, found);
      }
      return found;
    },
  };
}
export type VoterFacts = ReturnType<typeof voterFacts>;

/** Whether this vote is within the voter's allowance on the author's takes: fewer than the cap cast in the window before it. */
async function withinAllowance(facts: VoterFacts, author: Types.ObjectId, vote: Vote): Promise<boolean> {
  const at = vote.createdAt.getTime();
  const earlier = (await facts.votesOn(vote.user, author)).filter((t) => t < at && t >= at - CALLER_VOTES_PER_AUTHOR.windowMs);
  return earlier.length < CALLER_VOTES_PER_AUTHOR.max;
}

/** The receipt's votes that count under the rules, per side, with who cast them. */
export async function countedVotes(take: ScoredTake, facts: VoterFacts = voterFacts()): Promise<CountedVotes> {
  const due = take.checkBackAt!;
  const votes = (await ReceiptVote.find({ take: take._id }).select({ user: 1, vote: 1, createdAt: 1 }).lean<Vote[]>()).filter(
    (v) => String(v.user) !== String(take.createdBy),
  );
  if (votes.length === 0) return { well: 0, poorly: 0, voters: [] };
  const ids = votes.map((v) => v.user);
  const [users, blocked] = await Promise.all([
    User.find({ _id: mongoose.trusted({ $in: ids }) })
      .select({ createdAt: 1 })
      .lean<Pick<UserRow, '_id' | 'createdAt'>[]>(),
    Block.find({ user: take.createdBy, target: mongoose.trusted({ $in: ids }), kind: 'block' })
      .select({ target: 1 })
      .lean<Pick<BlockRow, 'target'>[]>(),
  ]);
  const created = new Map(users.map((u) => [String(u._id), u.createdAt]));
  const blockedIds = new Set(blocked.map((b) => String(b.target)));
  const judged = await Promise.all(
    votes.map(async (vote) => {
      const since = created.get(String(vote.user));
      if (!since || blockedIds.has(String(vote.user))) return null;
      if (since.getTime() >= take.createdAt.getTime()) return null;
      if (due.getTime() - since.getTime() < CALLER_VOTER_MIN_AGE_MS) return null;
      const [firstPart, allowed] = await Promise.all([facts.firstPart(vote.user), withinAllowance(facts, take.createdBy, vote)]);
      return firstPart < due.getTime() && allowed ? vote : null;
    }),
  );
  const counted = judged.filter((v): v is Vote => v !== null);
  return {
    well: counted.filter((v) => v.vote === 'well').length,
    poorly: counted.filter((v) => v.vote === 'poorly').length,
    voters: counted.map((v) => v.user),
  };
}

/** How many of these voters follow the author (the moderation queue's "most voters follow the author"). */
export async function followersAmong(author: Types.ObjectId, voters: Types.ObjectId[]): Promise<number> {
  if (voters.length === 0) return 0;
  return Follow.countDocuments({ follower: mongoose.trusted({ $in: voters }), followee: author });
}
