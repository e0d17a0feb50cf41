import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { isAdmin, type Identity } from '@/lib/auth';
import { AUTO_HIDE_REPORTERS, MODERATION_LOG_SIZE, MODERATION_QUEUE_SIZE } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { newerThan } from '@/lib/data/keyset';
import { carryBlocksOnto } from '@/lib/data/block-carry';
import { markForCheck, movingCounters, settleNow } from '@/lib/data/counter-checks';
import { expireLists, listsOf } from '@/lib/data/list-cache';
import { toPublicUser } from '@/lib/data/mappers';
import { commentQueue } from '@/lib/data/comment-moderation';
import { notifyHidden, type HideReason } from '@/lib/data/notifications';
import { countsTowardHiding, type Reporter } from '@/lib/data/reporter-standing';
import { deleteTake, getTake, withAuthors } from '@/lib/data/takes';
import { usersById } from '@/lib/data/users';
import { badRequest, isDuplicateKey, notFound } from '@/lib/errors';
import type { ModerationQueue, QueueItem, TakeForViewer } from '@/lib/validation/moderation';
import {
  EntityStat,
  HiddenTake,
  type HiddenTakeRow,
  ModerationAction,
  type ModerationActionRow,
  Report,
  type ReportRow,
  Take,
  type TakeRow,
  User,
} from '@/models';
import type { MODERATION_ACTIONS } from '@/models/moderation-action';

/**
 * Reports, the queue moderators work through, and what they do about it.
 * A hidden take is moved whole into `hiddentakes` (models/hidden-take.ts), so
 * it leaves every list, page, search, sitemap and trending read at once, and
 * nothing can like, comment on or report it meanwhile (they all look in
 * `takes`). Its author and the admins still read it here.
 */

export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

async function record(
  take: { _id: Types.ObjectId; title: string; createdBy: Types.ObjectId },
  action: ModerationActionKind,
  by: Types.ObjectId | null,
  reports: number,
) {
  await ModerationAction.create({ take: take._id, title: take.title, author: take.createdBy, action, by, reports });
}

const openReports = (take: Types.ObjectId) => Report.countDocuments({ take, closedAt: null });
/** The open reports that count toward hiding: those of reporters in good standing. */
const countingReports = (take: Types.ObjectId) => Report.countDocuments({ take, closedAt: null, counts: true });

/**
 * Moves a take out of sight. The copy is written before the take leaves
 * `takes`, so an interruption leaves it in both (a retry finishes the move),
 * never in neither; the author's post count and the entity's all-time stats
 * let go of it only when this request is the one whose delete happened.
 * Hiding a take that is already hidden by reports makes it the moderators'.
 */
async function hideTake(takeId: Types.ObjectId, reason: HideReason, by: Types.ObjectId | null): Promise<boolean> {
  const at = new Date();
  const take = await Take.collection.findOne<TakeRow>({ _id: takeId });
  if (!take) {
    if (reason !== 'moderators') return false;
    const taken = await HiddenTake.findOneAndUpdate(
      { _id: takeId, reason: 'reports' },
      { $set: { reason, hiddenBy: by, hiddenAt: at } },
    ).lean<HiddenTakeRow>();
    if (taken) await notifyHidden({ _id: takeId, createdBy: taken.createdBy }, reason, at);
    return taken !== null;
  }
  await HiddenTake.updateOne(
    { _id: takeId },
    { $set: { take, createdBy: take.createdBy, reason, hiddenBy: by, hiddenAt: at } },
    { upsert: true },
  );
  await markForCheck([
    { kind: 'user', id: String(take.createdBy) },
    { kind: 'entity', id: take.entityKey },
  ]);
  const removed = await Take.deleteOne({ _id: takeId });
  if (removed.deletedCount !== 1) return false;
  await expireLists(...listsOf(take));
  await movingCounters([{ kind: 'user', id: String(take.createdBy) }], () =>
    Promise.all([
      User.updateOne({ _id: take.createdBy }, { $inc: { postsCount: -1 } }),
      EntityStat.updateOne(
        { _id: take.entityKey },
        { $inc: { takes: -1, likes: -take.likes, comments: -take.commentsCount, shares: -take.shares } },
      ),
    ]),
  );
  await notifyHidden(take, reason, at);
  return true;
}

/**
 * Moves a hidden take back, then recounts it from its facts (and its author's
 * posts and its entity's stats with it), so whatever raced the move comes out
 * exact. A second restore finds the take already back and changes nothing.
 */
async function restoreTake(takeId: Types.ObjectId): Promise<void> {
  const hidden = await HiddenTake.findById(takeId).lean<HiddenTakeRow>();
  if (!hidden) return;
  let inserted = false;
  try {
    await Take.collection.insertOne(hidden.take);
    inserted = true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  await HiddenTake.deleteOne({ _id: takeId });
  if (!inserted) return;
  // Blocks its author made while it was hidden reach it too.
  await carryBlocksOnto('take', takeId, hidden.createdBy);
  await expireLists(...listsOf(hidden.take));
  await settleNow([
    { kind: 'take', id: String(takeId) },
    { kind: 'user', id: String(hidden.createdBy) },
  ]);
}

/**
 * One report per user per take; a repeat is accepted and changes nothing.
 * The report is the fact, and reaches the queue at once; once
 * AUTO_HIDE_REPORTERS distinct fans in good standing (lib/data/reporter-standing.ts)
 * have open reports on a take, it is hidden until a moderator reviews it.
 * Counting the open reports (not a counter) keeps that exact whatever order
 * reports land in.
 */
export async function reportTake(takeId: string, reporter: Reporter, reason: string, at: Date): Promise<void> {
  await dbConnect();
  const take = await Take.findById(takeId).select({ title: 1, createdBy: 1 }).lean<Pick<TakeRow, '_id' | 'title' | 'createdBy'>>();
  if (!take) throw notFound('Take not found.');
  const counts = await countsTowardHiding(reporter, at);
  try {
    await Report.create({ take: take._id, user: reporter._id, reason, counts });
  } catch (error) {
    if (isDuplicateKey(error)) return;
    throw error;
  }
  if (!counts) return;
  const open = await countingReports(take._id);
  if (open >= AUTO_HIDE_REPORTERS && (await hideTake(take._id, 'reports', null))) await record(take, 'auto-hide', null, open);
}

/**
 * GET /api/takes/{id}: a visible take for anyone; a hidden one only for its
 * author and the admins, with why it is hidden. Everyone else gets the 404 a
 * deleted take gets.
 */
export async function getTakeForViewer(id: string, viewer: Identity | null): Promise<TakeForViewer> {
  try {
    return await getTake(id);
  } catch (error) {
    if ((error as { status?: number }).status !== 404 || !viewer) throw error;
  }
  const hidden = await HiddenTake.findById(id).lean<HiddenTakeRow>();
  if (!hidden) throw notFound('Take not found.');
  const allowed = isAdmin(viewer.uid) || (await User.exists({ _id: hidden.createdBy, firebaseUID: viewer.uid })) !== null;
  if (!allowed) throw notFound('Take not found.');
  const [[dto], reports] = await Promise.all([withAuthors([hidden.take]), openReports(hidden._id)]);
  if (!dto) throw notFound('Take not found.');
  return { ...dto, moderation: { reason: hidden.reason, hiddenAt: hidden.hiddenAt.toISOString(), reports } };
}

const SCAN_BATCH = 200;

/** The takes whose oldest open report is oldest, up to `limit`, read in batches of open reports oldest first. */
async function oldestReportedTakes(limit: number): Promise<Types.ObjectId[]> {
  const seen = new Map<string, Types.ObjectId>();
  let after: ReportRow | undefined;
  for (;;) {
    const batch = await Report.find({ closedAt: null, ...newerThan(after) })
      .sort({ createdAt: 1, _id: 1 })
      .limit(SCAN_BATCH)
      .select({ take: 1, createdAt: 1 })
      .lean<ReportRow[]>();
    for (const report of batch) {
      if (seen.size < limit) seen.set(String(report.take), report.take);
    }
    if (seen.size >= limit || batch.length < SCAN_BATCH) return [...seen.values()];
    after = batch[batch.length - 1];
  }
}

/**
 * The queue: reported takes grouped with their open reports (count, reasons,
 * reporters), oldest open report first, hidden ones included; the total of
 * takes with open reports; reported comments the same way
 * (lib/data/comment-moderation.ts); and the latest actions, who took them and when.
 */
export async function moderationQueue(): Promise<Omit<ModerationQueue, 'followedVerdicts'>> {
  await dbConnect();
  const [ids, openIds, log, reportedComments] = await Promise.all([
    oldestReportedTakes(MODERATION_QUEUE_SIZE),
    Report.distinct('take', { closedAt: null }),
    ModerationAction.find({}).sort({ createdAt: -1, _id: -1 }).limit(MODERATION_LOG_SIZE).lean<ModerationActionRow[]>(),
    commentQueue(),
  ]);
  const [reports, visible, hidden] = ids.length
    ? await Promise.all([
        Report.find({ take: mongoose.trusted({ $in: ids }), closedAt: null })
          .sort({ createdAt: 1 })
          .lean<ReportRow[]>(),
        Take.find({ _id: mongoose.trusted({ $in: ids }) }).lean<TakeRow[]>(),
        HiddenTake.find({ _id: mongoose.trusted({ $in: ids }) }).lean<HiddenTakeRow[]>(),
      ])
    : [[], [], []];
  const [dtos, people] = await Promise.all([
    withAuthors([...visible, ...hidden.map((h) => h.take)]),
    usersById([...reports.map((r) => r.user), ...log.flatMap((entry) => [entry.author, entry.by])]),
  ]);
  const byId = new Map(dtos.map((dto) => [dto._id, dto]));
  const hiddenById = new Map(hidden.map((h) => [String(h._id), h]));
  const items = ids.flatMap((id): QueueItem[] => {
    const take = byId.get(String(id));
    const own = reports.filter((r) => String(r.take) === String(id));
    // A report whose take is gone (deleted mid-read) has nothing to act on.
    if (!take || own.length === 0) return [];
    const stash = hiddenById.get(String(id));
    return [
      {
        take,
        hidden: stash ? { reason: stash.reason, hiddenAt: stash.hiddenAt.toISOString() } : null,
        reportCount: own.length,
        oldestReportAt: own[0]!.createdAt.toISOString(),
        reports: own.map((r) => ({
          _id: String(r._id),
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
          reporter: toPublicUser(people.get(String(r.user))),
        })),
      },
    ];
  });
  const recent = log.map((entry) => ({
    _id: String(entry._id),
    action: entry.action,
    takeId: String(entry.take),
    commentId: entry.comment ? String(entry.comment) : null,
    title: entry.title,
    author: toPublicUser(people.get(String(entry.author))),
    by: entry.by ? toPublicUser(people.get(String(entry.by))) : null,
    reports: entry.reports,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, openTakes: openIds.length, comments: reportedComments.items, openComments: reportedComments.openComments, recent };
}

const DONE: Record<Exclude<ModerationActionKind, 'auto-hide'>, string> = {
  dismiss: 'Reports dismissed.',
  hide: 'Take hidden.',
  restore: 'Take restored.',
  delete: 'Take deleted.',
};

/**
 * A moderator's decision on a take, recorded with who and when. Each closes
 * the take's open reports. Dismiss: the take stays (one hidden only by its
 * reports comes back, since that hide lasts until a review). Hide: out of
 * sight until restored. Restore: back in every list. Delete: gone, with
 * everything that hangs off it.
 */
export async function moderate(
  takeId: string,
  action: Exclude<ModerationActionKind, 'auto-hide'>,
  admin: Types.ObjectId,
): Promise<{ message: string }> {
  await dbConnect();
  const id = new mongoose.Types.ObjectId(takeId);
  const visible = await Take.findById(id).select({ title: 1, createdBy: 1 }).lean<Pick<TakeRow, '_id' | 'title' | 'createdBy'>>();
  const hidden = visible ? null : await HiddenTake.findById(id).lean<HiddenTakeRow>();
  const subject = visible ?? (hidden && { _id: hidden._id, title: hidden.take.title, createdBy: hidden.createdBy });
  if (!subject) throw notFound('Take not found.');
  if (action === 'restore' && !hidden) throw badRequest('This take is not hidden.');

  let closed: number;
  if (action === 'delete') {
    closed = await openReports(id);
    await deleteTake(takeId, admin, { moderator: true });
  } else {
    closed = (await Report.updateMany({ take: id, closedAt: null }, { $set: { closedAt: new Date(), closedBy: admin } })).modifiedCount;
    if (action === 'hide') await hideTake(id, 'moderators', admin);
    else if (action === 'restore' || (action === 'dismiss' && hidden?.reason === 'reports')) await restoreTake(id);
  }
  await record(subject, action, admin, closed);
  return { message: DONE[action] };
}
