import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { newerThan } from '@/lib/data/shared/keyset';
import type { HideReason } from '@/lib/data/notifications/notifications';
import { ModerationAction } from '@/models';
import type { MODERATION_ACTIONS } from '@/models/moderation-action';

/**
 * What moderation keeps, whatever it moderates (lib/data/moderation/moderation.ts): the
 * reports, each subject's in its own collection (models/report.ts,
 * models/comment-report.ts, read here through one shape), and the log every
 * decision writes. Also the contract a moderated subject fulfils (Moderated),
 * so the subjects (lib/data/moderation/moderated-takes.ts, moderated-comments.ts) and the
 * policy import it from below both.
 */

export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];
/** What a moderator decides; the automatic hide is the reports'. */
export type Decision = Exclude<ModerationActionKind, 'auto-hide'>;

/** A subject's reports: the model they are stored in and the field naming the subject. */
export type ReportBook = { model: AnyModel; field: 'take' | 'comment' };

type StoredReport = {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  reason: string;
  createdAt: Date;
  take?: Types.ObjectId;
  comment?: Types.ObjectId;
};

/** What a log entry names: the take, the comment when it was one, a title (a comment's start) and the author. */
export type LogSubject = { take: Types.ObjectId; comment: Types.ObjectId | null; title: string; author: Types.ObjectId };

/** A subject as moderation finds it: standing (`hidden` null) or hidden, and how to delete it for good. */
export type Found = { id: Types.ObjectId; hidden: HideReason | null; logged: LogSubject; remove: (admin: Types.ObjectId) => Promise<void> };

export type HiddenNote = { reason: HideReason; hiddenAt: string };

/** What moderation needs of a kind of content; `Entry` is what the queue shows of one. */
export type Moderated<Entry> = {
  /** 'Take' or 'Comment', as the answers name it. */
  noun: 'Take' | 'Comment';
  reports: ReportBook;
  find: (id: Types.ObjectId) => Promise<Found | null>;
  /** Stores one report (the unique index on subject and reporter makes a repeat a duplicate key). */
  file: (found: Found, reporter: Types.ObjectId, reason: string, counts: boolean) => Promise<unknown>;
  /** Moves it out of sight; false when this call was not the one that did. */
  hide: (id: Types.ObjectId, reason: HideReason, by: Types.ObjectId | null) => Promise<boolean>;
  restore: (id: Types.ObjectId) => Promise<void>;
  /** The queue's view of these subjects, standing or hidden; one left out is gone or has nothing to act on. */
  queueEntries: (ids: Types.ObjectId[]) => Promise<Map<string, Entry & { hidden: HiddenNote | null }>>;
};

/** A subject's open reports; with `counting`, only those that count toward hiding (reporters in good standing). */
export async function openReports(book: ReportBook, id: Types.ObjectId, counting = false): Promise<number> {
  return book.model.countDocuments({ [book.field]: id, closedAt: null, ...(counting ? { counts: true } : {}) });
}

/** Closes a subject's open reports on a moderator's decision; how many it closed. */
export async function closeReports(book: ReportBook, id: Types.ObjectId, admin: Types.ObjectId): Promise<number> {
  const result = await book.model.updateMany({ [book.field]: id, closedAt: null }, { $set: { closedAt: new Date(), closedBy: admin } });
  return result.modifiedCount;
}

/** How many subjects have open reports. */
export async function reportedCount(book: ReportBook): Promise<number> {
  return (await book.model.distinct(book.field, { closedAt: null })).length;
}

const SCAN_BATCH = 200;

/** The subjects whose oldest open report is oldest, up to `limit`, read in batches of open reports oldest first. */
export async function oldestReported(book: ReportBook, limit: number): Promise<Types.ObjectId[]> {
  const seen = new Map<string, Types.ObjectId>();
  let after: StoredReport | undefined;
  for (;;) {
    const batch = await book.model
      .find({ closedAt: null, ...newerThan(after) })
      .select({ [book.field]: 1, createdAt: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .limit(SCAN_BATCH)
      .lean<StoredReport[]>()
      .exec();
    for (const report of batch) {
      const subject = report[book.field];
      if (subject && seen.size < limit) seen.set(String(subject), subject);
    }
    if (seen.size >= limit || batch.length < SCAN_BATCH) return [...seen.values()];
    after = batch[batch.length - 1];
  }
}

/** The open reports on these subjects, oldest first, by subject. */
export async function openReportsOn(book: ReportBook, ids: Types.ObjectId[]): Promise<Map<string, StoredReport[]>> {
  const reports = await book.model
    .find({ [book.field]: mongoose.trusted({ $in: ids }), closedAt: null })
    .sort({ createdAt: 1 })
    .lean<StoredReport[]>()
    .exec();
  const bySubject = new Map<string, StoredReport[]>();
  for (const report of reports) {
    const key = String(report[book.field]);
    bySubject.set(key, [...(bySubject.get(key) ?? []), report]);
  }
  return bySubject;
}

/** Writes the log's entry for an action: who (null for the automatic hide), and how many reports it closed or had come in. */
export async function logAction(subject: LogSubject, action: ModerationActionKind, by: Types.ObjectId | null, reports: number) {
  await ModerationAction.create({ ...subject, action, by, reports });
}
