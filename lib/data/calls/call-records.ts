import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { CALLS_PER_DAY } from '@/lib/calls/constants';
import { claimDailySlot } from '@/lib/data/shared/daily-quota';
import { expireGames } from '@/lib/data/shared/list-cache';
import { Call, type CallRow } from '@/models';
import type { PreparedCall } from './call-terms';

/**
 * A call's record (models/call.ts) through its take's life: written with the take, withdrawn with a take deleted
 * before its lock, kept as a miss for one deleted after it (docs/product.md#calls), gone with its author's account.
 */

export const CALL_QUOTA_MESSAGE = `You can attach calls to at most ${CALLS_PER_DAY} takes a day.`;

/** Counts a new take with a call against its author's allowance for the UTC day (CALLS_PER_DAY), or a 429. */
export async function claimCallSlot(author: Types.ObjectId, at: Date): Promise<void> {
  await claimDailySlot('calls', author, at, CALLS_PER_DAY, CALL_QUOTA_MESSAGE);
}

/** The call of a take just posted. */
export async function recordCall(take: Types.ObjectId, author: Types.ObjectId, call: PreparedCall, at: Date): Promise<void> {
  await Call.create({
    take,
    author,
    ...call.terms,
    scope: call.terms.game === null ? 'season' : 'game',
    teams: call.teams,
    postedAt: at,
    lockAt: call.lockAt,
  });
}

export type ForfeitedCall = Pick<CallRow, '_id' | 'take' | 'author' | 'postedAt' | 'lockAt' | 'result' | 'crowd' | 'game'>;

/**
 * The call of a take being deleted, before the take and its reactions go. Before its lock it is withdrawn (gone, as if
 * never made). After it, it stays on the record as it stands, final at once, with the take's title (none when
 * moderators removed it): settled already, its result; still open, a miss, so a call going badly cannot be taken back
 * once its game has begun. Returns the call kept, for Callers to score while its crowd's reactions are still there.
 */
export async function forfeitCall(
  take: { _id: Types.ObjectId; title: string },
  at: Date,
  by: 'author' | 'moderators',
): Promise<ForfeitedCall | null> {
  const call = await Call.findOne({ take: take._id })
    .select({ take: 1, author: 1, postedAt: 1, lockAt: 1, result: 1, crowd: 1, game: 1, finalAt: 1 })
    .lean<ForfeitedCall & Pick<CallRow, 'finalAt'>>();
  if (!call) return null;
  if (at.getTime() < call.lockAt.getTime()) {
    await Call.deleteOne({ _id: call._id });
    return null;
  }
  const title = by === 'moderators' ? null : take.title;
  const open = !call.result;
  const final = call.finalAt && call.finalAt.getTime() < at.getTime() ? call.finalAt : at;
  await Call.updateOne(
    { _id: call._id },
    {
      $set: {
        title,
        finalAt: final,
        ...(open ? { result: 'miss', reason: by === 'moderators' ? 'removed' : 'deleted', settledAt: at } : {}),
      },
    },
  );
  // A game's Settled tonight lists it under its new result.
  if (call.game != null) await expireGames([call.game]);
  return { ...call, result: open ? 'miss' : call.result };
}

/** A leaving fan's calls (their account is being deleted): their record goes with it. */
export async function removeCallsOf(author: Types.ObjectId | string): Promise<void> {
  await Call.deleteMany({ author: new mongoose.Types.ObjectId(String(author)) });
}
