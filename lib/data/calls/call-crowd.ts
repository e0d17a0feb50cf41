import 'server-only';
import mongoose, { Types } from 'mongoose';
import { callCrowdOdds } from '@/lib/calls/calls';
import { CALLER_VOTER_MIN_AGE_MS } from '@/lib/callers/constants';
import { User, type UserRow, UserAction, type UserActionRow } from '@/models';

/**
 * The crowd a call is measured against (docs/product.md#calls): the fans' likes and dislikes of its take made before
 * its lock, as Callers reads odds (lib/calls/calls.ts callCrowdOdds). Counted in bulk when a game's calls settle, from two
 * reads for all of them (the takes' reactions, their fans' accounts), under the Callers rules that need nothing per
 * fan: never the author's own reaction; a reaction made by the lock and not changed since (one switched after it is
 * left out, its side at the lock being unknown); an account at least CALLER_VOTER_MIN_AGE_MS old when the take was
 * posted; linked accounts made together counted once (the earliest), and none from the author's own sign-up cohort.
 * When the settlement is final, the scheduled job judges the crowd again with the rules that read each fan's history
 * too (lib/data/callers/call-scoring.ts), and its odds replace these.
 */

export type Reaction = Pick<UserActionRow, 'user' | 'target' | 'actionType' | 'createdAt' | 'updatedAt'>;
export type Account = Pick<UserRow, '_id' | 'createdAt' | 'signupCohort'>;
export type Crowd = { likes: number; dislikes: number; crowd: number };
/** What a call's crowd is counted from: its take, its author, when it was posted and when it locked. */
export type CrowdCall = { take: Types.ObjectId; author: Types.ObjectId; postedAt: Date; lockAt: Date };

/** Every like and dislike of these takes, whenever made: the crowd and who weighed in come from the same read. */
export async function reactionsOn(takes: Types.ObjectId[]): Promise<Reaction[]> {
  if (takes.length === 0) return [];
  return UserAction.find({ target: mongoose.trusted({ $in: takes }), actionType: mongoose.trusted({ $in: ['like', 'dislike'] }) })
    .select({ user: 1, target: 1, actionType: 1, createdAt: 1, updatedAt: 1 })
    .lean<Reaction[]>();
}

/** The accounts the crowds need (reactors before a lock, and the authors), in one read. */
export async function accountsOf(users: Types.ObjectId[]): Promise<Map<string, Account>> {
  const ids = [...new Set(users.map(String))];
  if (ids.length === 0) return new Map();
  const rows = await User.find({ _id: mongoose.trusted({ $in: ids.map((id) => new Types.ObjectId(id)) }) })
    .select({ createdAt: 1, signupCohort: 1 })
    .lean<Account[]>();
  return new Map(rows.map((row) => [String(row._id), row]));
}

/** Reactions by the take they are on, so each call's crowd reads its own (a thousand calls, not a thousand passes over all). */
export function byTake(reactions: Reaction[]): Map<string, Reaction[]> {
  const grouped = new Map<string, Reaction[]>();
  for (const reaction of reactions) {
    const key = String(reaction.target);
    const list = grouped.get(key);
    if (list) list.push(reaction);
    else grouped.set(key, [reaction]);
  }
  return grouped;
}

/** The reactions of its take that can count toward a call's crowd (before its lock, not the author's): whose accounts to read. */
export function beforeLock(call: CrowdCall, reactions: ReadonlyMap<string, Reaction[]>): Reaction[] {
  const lock = call.lockAt.getTime();
  return (reactions.get(String(call.take)) ?? []).filter(
    (r) => !r.user.equals(call.author) && r.createdAt.getTime() <= lock && r.updatedAt.getTime() <= lock,
  );
}

/** One call's crowd from its take's reactions before the lock and the accounts read for them. */
export function crowdOf(call: CrowdCall, reactions: ReadonlyMap<string, Reaction[]>, accounts: Map<string, Account>): Crowd {
  const authorCohort = accounts.get(String(call.author))?.signupCohort;
  const cohorts = new Set<string>();
  let likes = 0;
  let dislikes = 0;
  const earliestFirst = [...beforeLock(call, reactions)].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const reaction of earliestFirst) {
    const account = accounts.get(String(reaction.user));
    if (!account || call.postedAt.getTime() - account.createdAt.getTime() < CALLER_VOTER_MIN_AGE_MS) continue;
    const cohort = account.signupCohort ? String(account.signupCohort) : null;
    if (cohort !== null) {
      if ((authorCohort && cohort === String(authorCohort)) || cohorts.has(cohort)) continue;
      cohorts.add(cohort);
    }
    if (reaction.actionType === 'like') likes += 1;
    else dislikes += 1;
  }
  return { likes, dislikes, crowd: callCrowdOdds(likes, dislikes) };
}
