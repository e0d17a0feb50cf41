import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { Identity } from '@/lib/auth';
import { isModerator } from '@/lib/data/shared/roles';
import { carryBlocksOnto } from '@/lib/data/visibility/block-carry';
import { markForCheck, movingCounters, settleNow } from '@/lib/data/counters/counter-checks';
import { entityStatInc, moveEntityStats, statKeysOf } from '@/lib/data/counters/counters';
import { expireLists, listsOf } from '@/lib/data/shared/list-cache';
import { type Found, type HiddenNote, type Moderated, openReports, type ReportBook } from '@/lib/data/moderation/moderation-records';
import { notifyHidden, type HideReason } from '@/lib/data/notifications/notifications';
import { deleteTake, getTake, withAuthors } from '@/lib/data/takes/takes';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { notFound } from '@/lib/errors';
import type { TakeDTO } from '@/lib/validation/takes';
import type { TakeForViewer } from '@/lib/validation/moderation';
import { HiddenTake, type HiddenTakeRow, Report, Take, type TakeRow, User } from '@/models';

/**
 * What moderation (lib/data/moderation/moderation.ts) does to a take. A hidden take is
 * moved whole into `hiddentakes` (models/hidden-take.ts), so it leaves every
 * list, page, search, sitemap and trending read at once, and nothing can like,
 * comment on or report it meanwhile (they all look in `takes`). Its author and
 * the admins still read it here.
 */

const REPORTS: ReportBook = { model: Report, field: 'take' };

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
  await markForCheck([{ kind: 'user', id: String(take.createdBy) }, ...statKeysOf(take).map((id) => ({ kind: 'entity' as const, id }))]);
  const removed = await Take.deleteOne({ _id: takeId });
  if (removed.deletedCount !== 1) return false;
  await expireLists(...listsOf(take));
  await movingCounters([{ kind: 'user', id: String(take.createdBy) }], () =>
    Promise.all([
      User.updateOne({ _id: take.createdBy }, { $inc: { postsCount: -1 } }),
      moveEntityStats(take, entityStatInc({ takes: -1, likes: -take.likes, comments: -take.commentsCount, shares: -take.shares })),
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
  const inserted = await insertOnce(() => Take.collection.insertOne(hidden.take));
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

const logged = (take: Pick<TakeRow, '_id' | 'title' | 'createdBy'>) => ({
  take: take._id,
  comment: null,
  title: take.title,
  author: take.createdBy,
});

/** A take, standing or hidden; deleting it for good takes everything that hangs off it either way. */
async function findTake(id: Types.ObjectId): Promise<Found | null> {
  const remove = async (admin: Types.ObjectId) => void (await deleteTake(String(id), admin, { moderator: true }));
  const visible = await Take.findById(id).select({ title: 1, createdBy: 1 }).lean<Pick<TakeRow, '_id' | 'title' | 'createdBy'>>();
  if (visible) return { id, hidden: null, logged: logged(visible), remove };
  const hidden = await HiddenTake.findById(id).lean<HiddenTakeRow>();
  if (!hidden) return null;
  return { id, hidden: hidden.reason, logged: logged({ _id: id, title: hidden.take.title, createdBy: hidden.createdBy }), remove };
}

/** The queue's view of reported takes: each as its card shows it, and why it is hidden when it is. */
async function takeEntries(ids: Types.ObjectId[]) {
  const [visible, hidden] = await Promise.all([
    Take.find({ _id: mongoose.trusted({ $in: ids }) }).lean<TakeRow[]>(),
    HiddenTake.find({ _id: mongoose.trusted({ $in: ids }) }).lean<HiddenTakeRow[]>(),
  ]);
  const dtos = await withAuthors([...visible, ...hidden.map((h) => h.take)]);
  const hiddenById = new Map(hidden.map((h) => [String(h._id), h]));
  return new Map(
    dtos.map((take): [string, { take: TakeDTO; hidden: HiddenNote | null }] => {
      const stash = hiddenById.get(take._id);
      return [take._id, { take, hidden: stash ? { reason: stash.reason, hiddenAt: stash.hiddenAt.toISOString() } : null }];
    }),
  );
}

export const moderatedTakes: Moderated<{ take: TakeDTO }> = {
  noun: 'Take',
  reports: REPORTS,
  find: findTake,
  file: (found, reporter, reason, counts) => Report.create({ take: found.id, user: reporter, reason, counts }),
  hide: hideTake,
  restore: restoreTake,
  queueEntries: takeEntries,
};

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
  const allowed = (await isModerator(viewer)) || (await User.exists({ _id: hidden.createdBy, firebaseUID: viewer.uid })) !== null;
  if (!allowed) throw notFound('Take not found.');
  const [[dto], reports] = await Promise.all([withAuthors([hidden.take]), openReports(REPORTS, hidden._id)]);
  if (!dto) throw notFound('Take not found.');
  return { ...dto, moderation: { reason: hidden.reason, hiddenAt: hidden.hiddenAt.toISOString(), reports } };
}
