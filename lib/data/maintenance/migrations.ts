import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { rescoreCalls } from '@/lib/data/callers/caller-rescore';
import { forgetRemovedTitles } from '@/lib/data/callers/removed-takes';
import { retireStoredSnapshots } from '@/lib/data/counters/crowd-snapshot';
import { backfillPlayerStints, backfillTakeTeams } from '@/lib/data/league/league-backfill';
import { loadShippedLeague } from '@/lib/data/league/shipped-league';
import { backfillEntityKeys } from '@/lib/data/maintenance/entity-keys-backfill';
import { backfillEntityScores } from '@/lib/data/maintenance/entity-score-backfill';
import { backfillSearchKeys } from '@/lib/data/maintenance/search-backfill';
import { carryBlock } from '@/lib/data/visibility/block-carry';
import { Block, type BlockRow, HiddenTake, type HiddenTakeRow, ReceiptVote, Take, type TakeRow } from '@/models';

/**
 * A data migration: run once per database, in order, under the schema's lease (lib/data/maintenance/schema.ts), by a
 * name that never changes. Each must be safe to run again (its instance may die or lose the lease halfway and another
 * take over) and accept any stored document. A long one checks `signal` between batches: it is aborted when its
 * instance no longer holds the lease, so two instances never run one at once. A migration runs while lib/db.ts is
 * still connecting, so it uses models and modules that never wait for dbConnect().
 */
export type Migration = { name: string; run: (signal: AbortSignal) => Promise<void> };

/** Every standing block, carried onto its fans' content: for blocks made before content carried them. */
async function carryAllBlocks(signal: AbortSignal): Promise<void> {
  // The whole collection once, as a migration reads it anyway: mutes ride along and are skipped here.
  for await (const block of Block.find({})
    .select({ user: 1, target: 1, kind: 1 })
    .lean<Pick<BlockRow, 'user' | 'target' | 'kind'>[]>()
    .cursor()) {
    signal.throwIfAborted();
    if (block.kind === 'block') await carryBlock(block.user, block.target, true);
  }
}

const authorVotes = (take: { _id: Types.ObjectId; createdBy: Types.ObjectId }) =>
  ReceiptVote.updateMany({ take: take._id }, { $set: { author: take.createdBy } }, { timestamps: false });

/**
 * Gives the votes stored before ReceiptVote.author their take's author (the callers' per-author cap,
 * lib/data/callers/caller-votes.ts). Votes exist only on takes with a check-back date, visible or hidden; each
 * take's votes are set whole, so a run cut short is simply run again.
 */
async function fillVoteAuthors(signal: AbortSignal): Promise<void> {
  const receipts = Take.find({ checkBackAt: mongoose.trusted({ $ne: null }) })
    .sort({ checkBackAt: -1, _id: -1 })
    .select({ createdBy: 1 })
    .lean<Pick<TakeRow, '_id' | 'createdBy'>[]>()
    .cursor();
  for await (const take of receipts) {
    signal.throwIfAborted();
    await authorVotes(take);
  }
  const hidden = await HiddenTake.find({}).select({ createdBy: 1 }).lean<Pick<HiddenTakeRow, '_id' | 'createdBy'>[]>();
  for (const take of hidden) await authorVotes(take);
}

export const MIGRATIONS: Migration[] = [
  // Takes and comments carry the blocks between their author and other fans (lib/data/visibility/block-carry.ts).
  { name: 'blocks-onto-content', run: carryAllBlocks },
  // Takes are found by their words' prefixes (lib/search-keys.ts): takes stored before that get their keys.
  { name: 'take-search-keys', run: async (signal) => void (await backfillSearchKeys({ signal })) },
  // All-time trending reads entities by a stored score (models/entity-stat.ts): stats stored before it get theirs.
  { name: 'entity-topic-score', run: backfillEntityScores },
  // Receipt votes carry their take's author, for the callers' per-author cap.
  { name: 'receipt-vote-authors', run: fillVoteAuthors },
  // The Callers crowd is read from the reaction facts (lib/data/counters/crowd-snapshot.ts): the stored one goes.
  { name: 'take-crowd-snapshot-retired', run: retireStoredSnapshots },
  // Calls scored before linked accounts counted as one are judged again, and their authors' standings follow.
  { name: 'callers-linked-accounts', run: () => rescoreCalls(new Date()) },
  // A new deployment's database gets the league the repository ships (teams, players, topics) before it serves.
  { name: 'shipped-league', run: async () => void (await loadShippedLeague()) },
  // Players have stints (lib/league.ts): those stored before are on their team since before the records began.
  { name: 'player-stints', run: backfillPlayerStints },
  // A take belongs to the team its player was on when it was posted (fanTeam): those stored without one get it,
  // before take-entity-keys reads fanTeam into the teams a take names.
  { name: 'take-teams', run: backfillTakeTeams },
  // A take moderators removed keeps no title on its author's Calls tab (lib/data/callers/removed-takes.ts).
  { name: 'removed-take-titles', run: forgetRemovedTitles },
  // Entity pages read takes by every key they count for, and the spoiler shield by the teams they name (models/take.ts).
  { name: 'take-entity-keys', run: backfillEntityKeys },
];
