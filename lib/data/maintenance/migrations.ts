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
 *
 * The rule: a release's migrations and indexes keep the release before it working. Both run on one database at once
 * while a deploy rolls out (instances restart one by one; on Vercel, functions of the old deployment finish their
 * requests), and a rollback runs the release before on the database this one migrated (docs/operating.md). So a
 * migration expands: it adds fields, documents, collections and indexes, which the release before ignores, and writes
 * only values that release's models accept. What contracts (removing or renaming a field, narrowing what a field may
 * hold, dropping an index, a unique index the release before could break) waits for the release after the one that
 * stopped reading or writing it. `compatibility` says, for each migration, why the release before it keeps working on
 * what it wrote; tests/api/previous-release.test.ts requires it, and reads a database this release migrated with the
 * previous release's models.
 */
export type Migration = { name: string; run: (signal: AbortSignal) => Promise<void>; compatibility: string };

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
  {
    name: 'blocks-onto-content',
    run: carryAllBlocks,
    compatibility: 'Expands: adds the fans a take or comment is hidden from as a field of its own, which the release before ignores.',
  },
  // Takes are found by their words' prefixes (lib/discovery/search-keys.ts): takes stored before that get their keys.
  {
    name: 'take-search-keys',
    run: async (signal) => void (await backfillSearchKeys({ signal })),
    compatibility: "Expands: adds each take's search keys and their index; the release before searched without them.",
  },
  // All-time trending reads entities by a stored score (models/entity-stat.ts): stats stored before it get theirs.
  {
    name: 'entity-topic-score',
    run: backfillEntityScores,
    compatibility: "Expands: sets each entity's stored score, a new field beside the counts the release before reads.",
  },
  // Receipt votes carry their take's author, for the callers' per-author cap.
  {
    name: 'receipt-vote-authors',
    run: fillVoteAuthors,
    compatibility: "Expands: sets each vote's author, a field the release before neither reads nor requires.",
  },
  // The Callers crowd is read from the reaction facts (lib/data/counters/crowd-snapshot.ts): the stored one goes.
  {
    name: 'take-crowd-snapshot-retired',
    run: retireStoredSnapshots,
    compatibility:
      'Contracts, and came before this rule: it removes the crowd counts takes stored and their index in the same release ' +
      'that stopped reading them, so during that rollout an instance of the release before scored calls as if no crowd ' +
      'had reacted. Under the rule it would have shipped a release after the one that stopped reading them.',
  },
  // Calls scored before linked accounts counted as one are judged again, and their authors' standings follow.
  {
    name: 'callers-linked-accounts',
    run: () => rescoreCalls(new Date()),
    compatibility: 'Rewrites scores and standings in the shape the release before stores them; it reads them as its own.',
  },
  // A new deployment's database gets the league the repository ships (teams, players, topics) before it serves.
  {
    name: 'shipped-league',
    run: async () => void (await loadShippedLeague()),
    compatibility: 'Writes teams, players and topics only into a database that has none, as the league console writes them.',
  },
  // Players have stints (lib/league/league.ts): those stored before are on their team since before the records began.
  {
    name: 'player-stints',
    run: backfillPlayerStints,
    compatibility: "Expands: adds players' stints and search keys; the team a player is on now stays where the release before reads it.",
  },
  // A take belongs to the team its player was on when it was posted (fanTeam): those stored without one get it,
  // before take-entity-keys reads fanTeam into the teams a take names.
  {
    name: 'take-teams',
    run: backfillTakeTeams,
    compatibility: 'Expands: fills the team a take counts for and the teams it names, fields the release before stores as optional.',
  },
  // A take moderators removed keeps no title on its author's Calls tab (lib/data/callers/removed-takes.ts).
  {
    name: 'removed-take-titles',
    run: forgetRemovedTitles,
    compatibility:
      "Came before this rule: it marks scores of removed takes with a reason, 'removed', that the release before did not " +
      "know (its Calls tab linked such a call to the removed take, and its answers' schema listed only 'votes' and " +
      "'deleted'). Under the rule the value would have been accepted by one release and written by the next.",
  },
  // Entity pages read takes by every key they count for, and the spoiler shield by the teams they name (models/take.ts).
  {
    name: 'take-entity-keys',
    run: backfillEntityKeys,
    compatibility: 'Expands: adds the keys a take counts for and their indexes; the release before reads takes by their one entity.',
  },
];

/**
 * Values this release writes that the release before it does not know, against the rule above (a value is accepted by
 * one release and written by the next): calls and settlement (docs/product.md#calls) came as one release. The release
 * before reads the documents that hold them, but its browser checked every answer against its schemas, so a list whose
 * answer holds one shows its load error there: a fan's notifications with a calls-settled notice, a Calls tab with a
 * settled call, a day's games with a postponed or cancelled game, the league console's log with a box-score line.
 * Rolling back across this release restores the backup taken before it (docs/operating.md#rolling-back).
 * tests/api/previous-release.test.ts allows the previous release's models to refuse these values and nothing else; the
 * next release, whose release before knows them, empties the list.
 */
export const UNKNOWN_TO_PREVIOUS_RELEASE: { collection: string; path: string; values: string[] }[] = [
  { collection: 'callerscores', path: 'reason', values: ['settled'] },
  { collection: 'games', path: 'status', values: ['postponed', 'cancelled'] },
  { collection: 'leaguechanges', path: 'subject', values: ['line'] },
  { collection: 'notifications', path: 'type', values: ['settled'] },
];
