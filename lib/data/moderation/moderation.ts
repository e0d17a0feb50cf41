import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { AUTO_HIDE_REPORTERS, MODERATION_LOG_SIZE, MODERATION_QUEUE_SIZE } from '@/lib/moderation/constants';
import { dbConnect } from '@/lib/db';
import { listFollowerSwayedCalls } from '@/lib/data/callers/caller-review';
import { directory } from '@/lib/data/shared/directory';
import { toPublicUser } from '@/lib/data/shared/mappers';
import { moderatedComments } from '@/lib/data/moderation/moderated-comments';
import { moderatedTakes } from '@/lib/data/moderation/moderated-takes';
import {
  closeReports,
  type Decision,
  logAction,
  type Moderated,
  oldestReported,
  openReports,
  openReportsOn,
  reportedCount,
} from '@/lib/data/moderation/moderation-records';
import { countsTowardHiding, type Reporter } from '@/lib/data/moderation/reporter-standing';
import { usersById } from '@/lib/data/people/users';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { standingTakeAuthor } from '@/lib/data/visibility/take-access';
import { badRequest, notFound } from '@/lib/errors';
import type { ModerationQueue } from '@/lib/validation/moderation';
import { ModerationAction, type ModerationActionRow } from '@/models';

/**
 * Moderation's rules, one for every kind of content it moderates (docs/product.md#moderation):
 * fans report, enough reporters in good standing hide the content until a
 * moderator reviews it, and a moderator's decision closes the reports and is
 * logged. What differs between a take and a comment (where it is stored, how
 * it is hidden and restored) is theirs: lib/data/moderation/moderated-takes.ts and
 * lib/data/moderation/moderated-comments.ts.
 */

const SUBJECTS = { take: moderatedTakes, comment: moderatedComments } as const;
export type ModeratedKind = keyof typeof SUBJECTS;

/**
 * One report per user per take or comment; a repeat is accepted and changes
 * nothing. The report is the fact, and reaches the queue at once; once
 * AUTO_HIDE_REPORTERS distinct fans in good standing (lib/data/moderation/reporter-standing.ts)
 * have open reports on it, it is hidden until a moderator reviews it. Counting
 * the open reports (not a counter) keeps that exact whatever order reports land
 * in. Hidden content and a comment's "[deleted]" placeholder have nothing to report.
 */
export async function report(kind: ModeratedKind, id: string, reporter: Reporter, reason: string, at: Date): Promise<void> {
  await dbConnect();
  const subject: Moderated<unknown> = SUBJECTS[kind];
  const found = await subject.find(new mongoose.Types.ObjectId(id));
  // A comment under a hidden take is as gone as one under a deleted take (lib/data/visibility/take-access.ts).
  if (!found || found.hidden || (await standingTakeAuthor(found.logged.take)) === null) throw notFound(`${subject.noun} not found.`);
  const counts = await countsTowardHiding(reporter, at);
  // A fan's second report on the same subject is their first one.
  if (!(await insertOnce(() => subject.file(found, reporter._id, reason, counts))) || !counts) return;
  const open = await openReports(subject.reports, found.id, true);
  if (open >= AUTO_HIDE_REPORTERS && (await subject.hide(found.id, 'reports', null)))
    await logAction(found.logged, 'auto-hide', null, open);
}

const DONE: Record<Decision, (noun: string) => string> = {
  dismiss: () => 'Reports dismissed.',
  hide: (noun) => `${noun} hidden.`,
  restore: (noun) => `${noun} restored.`,
  delete: (noun) => `${noun} deleted.`,
};

/**
 * A moderator's decision on a take or comment, logged with who and when. Each
 * closes its open reports. Dismiss: it stays (one hidden only by its reports
 * comes back, since that hide lasts until a review). Hide: out of sight until
 * restored. Restore: back in every list. Delete: gone, with everything that
 * hangs off it (a comment with replies stays as "[deleted]").
 */
export async function moderate(kind: ModeratedKind, id: string, action: Decision, admin: Types.ObjectId): Promise<{ message: string }> {
  await dbConnect();
  const subject: Moderated<unknown> = SUBJECTS[kind];
  const found = await subject.find(new mongoose.Types.ObjectId(id));
  if (!found) throw notFound(`${subject.noun} not found.`);
  if (action === 'restore' && !found.hidden) throw badRequest(`This ${subject.noun.toLowerCase()} is not hidden.`);

  let closed: number;
  if (action === 'delete') {
    // Deleting removes the reports with it (or leaves them on a placeholder the queue skips): counted for the log.
    closed = await openReports(subject.reports, found.id);
    await found.remove(admin);
  } else {
    closed = await closeReports(subject.reports, found.id, admin);
    if (action === 'hide') await subject.hide(found.id, 'moderators', admin);
    else if (action === 'restore' || (action === 'dismiss' && found.hidden === 'reports')) await subject.restore(found.id);
  }
  await logAction(found.logged, action, admin, closed);
  return { message: DONE[action](subject.noun) };
}

/**
 * One list of the queue: the reported subjects whose oldest open report is
 * oldest, hidden ones included, each with its open reports (count, reasons,
 * reporters), and how many subjects have open reports in all.
 */
async function reportedList<Entry>(subject: Moderated<Entry>) {
  const [ids, open] = await Promise.all([oldestReported(subject.reports, MODERATION_QUEUE_SIZE), reportedCount(subject.reports)]);
  if (ids.length === 0) return { items: [], open };
  const [reports, entries] = await Promise.all([openReportsOn(subject.reports, ids), subject.queueEntries(ids)]);
  const [people, { teamNicknames }] = await Promise.all([
    usersById([...reports.values()].flatMap((own) => own.map((r) => r.user))),
    directory(),
  ]);
  const items = ids.flatMap((id) => {
    const entry = entries.get(String(id));
    const own = reports.get(String(id)) ?? [];
    // Gone meanwhile (deleted mid-read), or nothing left to act on.
    if (!entry || own.length === 0) return [];
    return [
      {
        ...entry,
        reportCount: own.length,
        oldestReportAt: own[0]!.createdAt.toISOString(),
        reports: own.map((r) => ({
          _id: String(r._id),
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
          reporter: toPublicUser(people.get(String(r.user)), teamNicknames),
        })),
      },
    ];
  });
  return { items, open };
}

/** The latest actions, who took them and when. */
async function recentActions(): Promise<ModerationQueue['recent']> {
  const log = await ModerationAction.find({}).sort({ createdAt: -1, _id: -1 }).limit(MODERATION_LOG_SIZE).lean<ModerationActionRow[]>();
  const [people, { teamNicknames }] = await Promise.all([usersById(log.flatMap((entry) => [entry.author, entry.by])), directory()]);
  return log.map((entry) => ({
    _id: String(entry._id),
    action: entry.action,
    takeId: String(entry.take),
    commentId: entry.comment ? String(entry.comment) : null,
    title: entry.title,
    author: toPublicUser(people.get(String(entry.author)), teamNicknames),
    by: entry.by ? toPublicUser(people.get(String(entry.by)), teamNicknames) : null,
    reports: entry.reports,
    createdAt: entry.createdAt.toISOString(),
  }));
}

/** GET /api/moderation/queue: each list the moderators work through, and the latest actions. A new list is one more entry here. */
export async function moderationQueue(): Promise<ModerationQueue> {
  await dbConnect();
  const [takes, comments, recent, followerSwayedCalls] = await Promise.all([
    reportedList(moderatedTakes),
    reportedList(moderatedComments),
    recentActions(),
    listFollowerSwayedCalls(),
  ]);
  return { items: takes.items, openTakes: takes.open, comments: comments.items, openComments: comments.open, recent, followerSwayedCalls };
}
