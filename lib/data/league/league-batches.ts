import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { isDuplicateKey } from '@/lib/errors';
import { now } from '@/lib/clock';
import { settleLeagueWrite } from '@/lib/data/calls/settlement';
import { bumpLeagueVersion } from '@/lib/data/shared/league-version';
import { expireGames } from '@/lib/data/shared/list-cache';
import { log } from '@/lib/log';
import { searchKeys } from '@/lib/discovery/search-keys';
import { LeagueBatch, type LeagueBatchRow, LeagueChange, Take } from '@/models';
import type { LeagueSource, LeagueSubject } from '@/models/league-change';
import { derivedFields, holds, subjectCollection, SUBJECTS, takesKeyOf, type SubjectFields } from './league-subjects';

/** One change to one subject: what it was planned from (its revision and fields; null for an addition) and what it becomes. */
export type PlannedChange = {
  subject: LeagueSubject;
  subjectId: number | string;
  action: string;
  rev: number | null;
  before: SubjectFields | null;
  after: SubjectFields;
};

export type AppliedBatch = { batchId: Types.ObjectId; conflicts: number[] };

/**
 * A batch older than this and still applying was left by a process that died. Finishing one that is in fact still
 * being applied is harmless (each change applies once, below), only redundant.
 */
const ABANDONED_MS = 30_000;

/** The revision a change was planned from, as a filter: a subject stored before revisions existed has none. */
const atRevision = (rev: number) => (rev === 0 ? { rev: mongoose.trusted({ $in: [0, null] }) } : { rev });

const duplicateKeyOnly = (error: unknown): number[] | null => {
  const writeErrors = [(error as { writeErrors?: unknown }).writeErrors ?? []].flat() as { code?: number; index?: number }[];
  if (!(error instanceof mongoose.mongo.MongoBulkWriteError) || !writeErrors.every(isDuplicateKey)) return null;
  return writeErrors.map((e) => e.index ?? -1);
};

/**
 * Writes each change whose subject is still at the revision it was planned from. A change that finds it elsewhere
 * was applied already (by an earlier attempt at this batch: the subject holds its `after` at the next revision) or
 * met a change someone made since, which stands: it is left alone and reported as a conflict.
 */
async function writeChanges(changes: PlannedChange[]): Promise<number[]> {
  const unsure: number[] = [];
  const adds = changes.flatMap((change, i) => (change.rev === null ? [i] : []));
  for (const subject of new Set(adds.map((i) => changes[i]!.subject))) {
    const mine = adds.filter((i) => changes[i]!.subject === subject);
    const documents = mine.map((i) => {
      const { subjectId, after } = changes[i]!;
      return { _id: subjectId, ...after, ...derivedFields(subject, after), rev: 1 };
    });
    try {
      await subjectCollection(subject).insertMany(documents, { ordered: false });
    } catch (error) {
      const refused = duplicateKeyOnly(error);
      if (!refused) throw error;
      unsure.push(...refused.map((k) => mine[k]!));
    }
  }
  for (const [i, change] of changes.entries()) {
    if (change.rev === null) continue;
    const done = await SUBJECTS[change.subject].updateOne(
      { _id: change.subjectId, ...atRevision(change.rev) },
      { $set: { ...change.after, ...derivedFields(change.subject, change.after) }, $inc: { rev: 1 } },
    );
    if (done.matchedCount === 0) unsure.push(i);
  }
  const conflicts: number[] = [];
  for (const i of unsure) {
    const { subject, subjectId, rev, after } = changes[i]!;
    const [row = null] = await SUBJECTS[subject].find({ _id: subjectId }).lean<Record<string, unknown>[]>();
    const appliedBefore = row !== null && holds(row, subject, after) && Number(row.rev ?? 0) === (rev ?? 0) + 1;
    if (!appliedBefore) conflicts.push(i);
  }
  return conflicts.sort((a, b) => a - b);
}

/**
 * Takes that count for a renamed player, team or topic (entityKeys: a team's own, its games' and its players' from
 * their time there) are found by its new name too; the old one's keys stay.
 */
async function followRenames(changes: PlannedChange[], conflicts: number[]): Promise<void> {
  for (const [i, change] of changes.entries()) {
    if (conflicts.includes(i) || change.before === null || !('name' in change.after) || !('name' in change.before)) continue;
    if (change.before.name === change.after.name) continue;
    const key = takesKeyOf(change.subject, change.subjectId);
    if (key)
      await Take.updateMany({ entityKeys: key }, { $addToSet: { searchKeys: mongoose.trusted({ $each: searchKeys(change.after.name) }) } });
  }
}

/** A change as the batch stored it: its fields are Mixed in the model, since each subject has its own. */
const plannedChange = (stored: LeagueBatchRow['changes'][number]): PlannedChange => ({
  subject: stored.subject,
  subjectId: stored.subjectId,
  action: stored.action,
  rev: stored.rev ?? null,
  before: stored.before ?? null,
  after: stored.after,
});

type Batch = Pick<LeagueBatchRow, '_id' | 'by' | 'source' | 'createdAt'> & { changes: PlannedChange[] };

/** Applies a batch written to the database: changes, their effects, their log entries, the calls they settle, then the batch is done. */
async function finish(batch: Batch): Promise<AppliedBatch> {
  const { changes } = batch;
  const conflicts = await writeChanges(changes);
  await followRenames(changes, conflicts);
  const entries = changes.flatMap((change, index) =>
    conflicts.includes(index)
      ? []
      : [
          {
            batch: batch._id,
            index,
            subject: change.subject,
            subjectId: change.subjectId,
            action: change.action,
            by: batch.by ?? null,
            source: batch.source,
            before: change.before,
            after: change.after,
            createdAt: batch.createdAt,
          },
        ],
  );
  if (entries.length) {
    try {
      await LeagueChange.collection.insertMany(entries, { ordered: false });
    } catch (error) {
      // Entries an earlier attempt at this batch wrote.
      if (!duplicateKeyOnly(error)) throw error;
    }
  }
  // Calls the write decides settle now, in bulk (lib/data/calls/settlement.ts), before the batch is done: a process
  // that dies first leaves it applying, and whoever finishes it settles them.
  await settleLeagueWrite(
    changes.filter((_, index) => !conflicts.includes(index)),
    await now(),
  );
  await LeagueBatch.updateOne({ _id: batch._id, state: 'applying' }, { $set: { state: 'done', conflicts } });
  // What instances keep of the league is keyed by this version (the name directory, the reference lists), so moving it
  // is the whole of expiring them, on every instance and also where no request is running (a first instance's
  // start-up, the command line), where Next's revalidateTag cannot be called.
  await bumpLeagueVersion();
  // Slates and game pages are kept under the games' own tags, a minute at most: a changed game expires them now.
  const games = changes.filter((change, index) => change.subject === 'game' && !conflicts.includes(index));
  if (games.length) await expireGames(games.map((change) => Number(change.subjectId)));
  return { batchId: batch._id, conflicts };
}

/**
 * Finishes the batches a process left applying when it died, oldest first: the next league write on any instance
 * does this before its own, so an interrupted import completes rather than stays half done.
 */
export async function finishInterruptedBatches(): Promise<number> {
  await dbConnect();
  const abandoned = await LeagueBatch.find({ state: 'applying', createdAt: mongoose.trusted({ $lt: new Date(Date.now() - ABANDONED_MS) }) })
    .sort({ createdAt: 1 })
    .lean<LeagueBatchRow[]>();
  for (const batch of abandoned) {
    log.warn({ batch: String(batch._id), changes: batch.changes.length }, 'finishing an interrupted league batch');
    await finish({ ...batch, changes: batch.changes.map(plannedChange) });
  }
  return abandoned.length;
}

/**
 * Applies league changes all or nothing, without a transaction: the whole batch is written first, as one document,
 * then applied (models/league-batch.ts). A process that dies after the first write leaves a batch the next league
 * write finishes; one that dies before it wrote nothing.
 */
export async function applyBatch(
  changes: PlannedChange[],
  { by, source }: { by: Types.ObjectId | null; source: LeagueSource },
): Promise<AppliedBatch> {
  await finishInterruptedBatches();
  const created = await LeagueBatch.create({ by, source, changes });
  return finish({ _id: created._id, by, source, changes, createdAt: created.createdAt });
}
