import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { inStepPairs, linksOf, onePerLinkedGroup, type Links } from '@/lib/callers/caller-links';
import { CALLER_VOTER_MIN_AGE_MS, CALLER_VOTES_PER_AUTHOR } from '@/lib/callers/constants';
import type { Account, CallerFacts } from '@/lib/data/callers/caller-facts';
import { crowdReactions } from '@/lib/data/counters/crowd-snapshot';
import { Block, type BlockRow, Follow, ReceiptVote, type ReceiptVoteRow, type TakeRow } from '@/models';

/**
 * Who counts on a call (docs/product.md#callers): the fans whose reactions in
 * its first two days make the crowd its verdict is scored against, and the
 * fans whose votes decide the verdict. Judged when the call is scored, from
 * the facts as they stand then (lib/data/callers/caller-facts.ts).
 *
 * Standing. A crowd reaction counts from an account at least
 * CALLER_VOTER_MIN_AGE_MS old when the take was posted that had taken part (a
 * take, a comment or a reaction) before it; a vote, from an account made
 * before the take was posted, at least that old on the check-back date, that
 * had taken part before that date, and that cast fewer than
 * CALLER_VOTES_PER_AUTHOR.max other votes on the author's takes in the window
 * before it (the earliest votes count, so a later one never takes back one that
 * counted). Neither counts from the author, a fan the author blocked (a block
 * made afterwards still keeps a feud out of the score), or a fan linked to the
 * author. So a burst of new accounts moves nothing, and the author's own
 * dislike never lowers their own odds.
 *
 * Links (lib/callers/caller-links.ts). Linked fans count as one, in the crowd and in the
 * verdict apart: the earliest of them. Fans are linked by their sign-up cohort
 * (made from one network within a week) or by acting in step, which reads the
 * recent reactions and votes of every fan on the call, the author too.
 */

export type ScoredTake = Pick<TakeRow, '_id' | 'createdBy' | 'createdAt' | 'checkBackAt'>;
type Vote = Pick<ReceiptVoteRow, 'user' | 'vote' | 'createdAt'>;
/** A call's crowd and verdict votes as they count, with the counted voters. */
export type JudgedCall = { likes: number; dislikes: number; well: number; poorly: number; voters: Types.ObjectId[] };

/** Whether this vote is within the voter's allowance on the author's takes: fewer than the cap cast in the window before it. */
async function withinAllowance(facts: CallerFacts, author: string, vote: Vote): Promise<boolean> {
  const at = vote.createdAt.getTime();
  const earlier = (await facts.votesOn(String(vote.user), author)).filter((t) => t < at && t >= at - CALLER_VOTES_PER_AUTHOR.windowMs);
  return earlier.length < CALLER_VOTES_PER_AUTHOR.max;
}

/** The links between the call's fans and author, and what the standing rules read of each. */
async function fansOf(take: Pick<TakeRow, 'createdBy'>, fans: string[], facts: CallerFacts) {
  const author = String(take.createdBy);
  const everyone = [...new Set([author, ...fans])];
  const [accounts, blocked, activity] = await Promise.all([
    facts.accounts(everyone),
    Block.find({ user: take.createdBy, target: mongoose.trusted({ $in: fans }), kind: 'block' })
      .select({ target: 1 })
      .lean<Pick<BlockRow, 'target'>[]>(),
    Promise.all(everyone.map(async (fan) => [fan, await facts.activity(fan)] as const)),
  ]);
  const cohorts = new Map([...accounts].map(([fan, account]) => [fan, account?.cohort ?? null]));
  const linked: Links = linksOf(cohorts, inStepPairs(new Map(activity)));
  const blockedIds = new Set(blocked.map((b) => String(b.target)));
  /** The fan's account, unless the author blocked them or they are linked to the author. */
  const apart = (fan: string): Account | null => (blockedIds.has(fan) || linked(fan, author) ? null : (accounts.get(fan) ?? null));
  return { linked, apart };
}

/** Whether a crowd reaction's fan stands: an account old enough when the take was posted, that had taken part before it. */
async function crowdStands(fan: string, posted: number, apart: (fan: string) => Account | null, facts: CallerFacts): Promise<boolean> {
  const account = apart(fan);
  if (!account || posted - account.createdAt < CALLER_VOTER_MIN_AGE_MS) return false;
  return (await facts.firstPart(fan)) < posted;
}

/**
 * A structured call's crowd (docs/product.md#calls): the reactions before its lock that count under the rules above,
 * as a receipt's crowd counts its first two days'. No votes: the league's result is the verdict.
 */
export async function judgeCrowd(
  take: Pick<TakeRow, '_id' | 'createdBy' | 'createdAt'>,
  closesAt: Date,
  facts: CallerFacts,
): Promise<{ likes: number; dislikes: number }> {
  const crowd = await crowdReactions(take, closesAt);
  const { linked, apart } = await fansOf(
    take,
    crowd.map((r) => r.fan),
    facts,
  );
  const posted = take.createdAt.getTime();
  const standing = await Promise.all(crowd.map((reaction) => crowdStands(reaction.fan, posted, apart, facts)));
  const counted = onePerLinkedGroup(
    crowd.filter((_, i) => standing[i]),
    linked,
  );
  return { likes: counted.filter((r) => r.side === 'like').length, dislikes: counted.filter((r) => r.side === 'dislike').length };
}

/** The call's crowd and votes that count, under the rules above. */
export async function judgeCall(take: ScoredTake, facts: CallerFacts): Promise<JudgedCall> {
  const author = String(take.createdBy);
  const posted = take.createdAt.getTime();
  const due = take.checkBackAt!.getTime();
  const [crowd, cast] = await Promise.all([
    crowdReactions(take),
    ReceiptVote.find({ take: take._id }).select({ user: 1, vote: 1, createdAt: 1 }).lean<Vote[]>(),
  ]);
  const votes = cast.filter((v) => String(v.user) !== author).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const { linked, apart } = await fansOf(take, [...crowd.map((r) => r.fan), ...votes.map((v) => String(v.user))], facts);

  const crowdStanding = await Promise.all(crowd.map((reaction) => crowdStands(reaction.fan, posted, apart, facts)));
  const voteStanding = await Promise.all(
    votes.map(async (vote) => {
      const fan = String(vote.user);
      const account = apart(fan);
      if (!account || account.createdAt >= posted || due - account.createdAt < CALLER_VOTER_MIN_AGE_MS) return false;
      const [firstPart, allowed] = await Promise.all([facts.firstPart(fan), withinAllowance(facts, author, vote)]);
      return firstPart < due && allowed;
    }),
  );
  const counted = onePerLinkedGroup(
    crowd.filter((_, i) => crowdStanding[i]),
    linked,
  );
  const voters = onePerLinkedGroup(
    votes.filter((_, i) => voteStanding[i]).map((vote) => ({ ...vote, fan: String(vote.user) })),
    linked,
  );
  return {
    likes: counted.filter((r) => r.side === 'like').length,
    dislikes: counted.filter((r) => r.side === 'dislike').length,
    well: voters.filter((v) => v.vote === 'well').length,
    poorly: voters.filter((v) => v.vote === 'poorly').length,
    voters: voters.map((v) => v.user),
  };
}

/** How many of these voters follow the author (the moderation queue's "most voters follow the author"). */
export async function followersAmong(author: Types.ObjectId, voters: Types.ObjectId[]): Promise<number> {
  if (voters.length === 0) return 0;
  return Follow.countDocuments({ follower: mongoose.trusted({ $in: voters }), followee: author });
}
