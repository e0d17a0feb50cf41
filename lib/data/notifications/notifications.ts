import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { LIKE_MILESTONES, NOTIFICATIONS_PAGE_SIZE, UNREAD_DISPLAY_MAX } from '@/lib/notifications/constants';
import { RECEIPT_MIN_VOTES, RECEIPT_VERDICT_AFTER_MS, RECEIPTS_CATCH_UP_MS } from '@/lib/receipts/constants';
import { dbConnect } from '@/lib/db';
import { insertOnce } from '@/lib/data/shared/insert-once';
import { hearsFrom, hiddenAuthorsFor } from '@/lib/data/visibility/block-facts';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { olderThan } from '@/lib/data/shared/keyset';
import { directory } from '@/lib/data/shared/directory';
import { isLeaving, LEAN_USER_FIELDS, toPublicUser, type LeanUser } from '@/lib/data/shared/mappers';
import { receiptFactsOf, receiptState, type Verdict } from '@/lib/receipts/receipts';
import { encodeCursor, type Cursor } from '@/lib/validation/cursor';
import type { NotificationDTO } from '@/lib/validation/notifications';
import {
  Comment,
  type CommentRow,
  Game,
  type GameRow,
  HiddenTake,
  type HiddenTakeRow,
  Notification,
  type NotificationRow,
  Take,
  type TakeRow,
  User,
} from '@/models';
import type { NOTIFICATION_TYPES } from '@/models/notification';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type HideReason = 'reports' | 'moderators';

type Id = Types.ObjectId | string;

type NewNotification = {
  recipient: Id;
  type: NotificationType;
  key: string;
  actor?: Id | null;
  take?: Id | null;
  comment?: Id | null;
  milestone?: number;
  verdict?: Verdict;
  reason?: HideReason;
  points?: number;
  board?: string;
};

const same = (a: Id | null | undefined, b: Id | null | undefined) => a != null && b != null && String(a) === String(b);

/**
 * Writes one notification. Nobody hears about their own doing (nor a muted or
 * blocked fan's), and an event
 * already notified under the same key (a milestone passed again, a re-follow)
 * is a no-op: the unique (recipient, key) index decides, not a read first.
 */
async function notify(notification: NewNotification): Promise<void> {
  if (same(notification.recipient, notification.actor)) return;
  // Nor of the doings of someone they muted or blocked, or who blocked them.
  if (!(await hearsFrom(notification.recipient, notification.actor))) return;
  if (await insertOnce(() => Notification.create(notification))) await expireUnread(notification.recipient);
}

/** The fan's cached unread count (lib/data/notifications/live.ts) is read again on their next poll. */
export async function expireUnread(...recipients: Id[]): Promise<void> {
  await expireLists(...recipients.map(LIST_TAGS.unread));
}

type CommentFacts = { _id: Id; postID: Id; parentComment?: Id | null; taggedUser?: Id | null; user: Id };

/**
 * A new comment tells the take's author; a reply tells the author of the
 * comment it answers and the user it tags instead (a take's author hears of
 * top-level comments only, as on Reddit, so a long thread is not a stream of
 * pings). One notification per person per comment: a reply to your comment
 * that also tags you is a reply.
 */
export async function notifyComment(comment: CommentFacts): Promise<void> {
  const base = { actor: comment.user, take: comment.postID, comment: comment._id, key: `c:${String(comment._id)}` };
  if (!comment.parentComment) {
    const take = await Take.findById(comment.postID).select({ createdBy: 1 }).lean<Pick<TakeRow, 'createdBy'>>();
    if (take) await notify({ ...base, recipient: take.createdBy, type: 'comment' });
    return;
  }
  // A parent deleted meanwhile keeps no author to tell.
  const parent = await Comment.findById(comment.parentComment).select({ user: 1 }).lean<Pick<CommentRow, 'user'>>();
  if (parent?.user) await notify({ ...base, recipient: parent.user, type: 'reply' });
  if (comment.taggedUser && !same(comment.taggedUser, parent?.user)) await notify({ ...base, recipient: comment.taggedUser, type: 'tag' });
}

/** Once per follower: unfollowing and following again does not ping twice. */
export async function notifyFollow(follower: Id, followee: Id): Promise<void> {
  await notify({ recipient: followee, actor: follower, type: 'follow', key: `f:${String(follower)}` });
}

/**
 * Likes move by one per fact, so exactly one like lands on each milestone;
 * one taken back and given again lands on it twice, which the key absorbs.
 */
export async function notifyLikeMilestone(takeId: Id, likes: number, author: Id | undefined): Promise<void> {
  if (!author || !(LIKE_MILESTONES as readonly number[]).includes(likes)) return;
  await notify({ recipient: author, take: takeId, type: 'milestone', milestone: likes, key: `m:${String(takeId)}:${likes}` });
}

/**
 * Tells authors whose receipt has a verdict, once. A verdict arrives with a
 * vote (the vote's request calls this) or simply with time, a week after the
 * date, which the scheduled job notices (notifyVerdictsByTime). A conditional
 * update marks the take, and only the caller whose update landed notifies.
 */
export async function noteVerdicts(takes: TakeRow[], now: Date): Promise<number> {
  const resolved = takes.flatMap((take) => {
    if (!take.checkBackAt || take.verdictNotified) return [];
    const state = receiptState(receiptFactsOf({ ...take, checkBackAt: take.checkBackAt }), now);
    return state.verdict ? [{ take, verdict: state.verdict }] : [];
  });
  const told = await Promise.all(
    resolved.map(async ({ take, verdict }) => {
      const marked = await Take.updateOne(
        { _id: take._id, verdictNotified: mongoose.trusted({ $ne: true }) },
        { $set: { verdictNotified: true } },
      );
      take.verdictNotified = true;
      if (marked.modifiedCount !== 1) return false;
      await notify({ recipient: take.createdBy, take: take._id, type: 'verdict', verdict, key: `v:${String(take._id)}` });
      return true;
    }),
  );
  return told.filter(Boolean).length;
}

/**
 * The scheduled job's part: receipts whose verdict week ended within the
 * catch-up window with enough votes. Returns how many authors it told.
 */
export async function notifyVerdictsByTime(at: Date): Promise<number> {
  const weekEnded = at.getTime() - RECEIPT_VERDICT_AFTER_MS;
  const takes = await Take.find({
    checkBackAt: mongoose.trusted({ $gte: new Date(weekEnded - RECEIPTS_CATCH_UP_MS), $lte: new Date(weekEnded) }),
    receiptVotes: mongoose.trusted({ $gte: RECEIPT_MIN_VOTES }),
  })
    .sort({ checkBackAt: -1, _id: -1 })
    .lean<TakeRow[]>();
  return noteVerdicts(takes, at);
}

/** A receipt of the fan's was scored for Callers (lib/data/callers/caller-scoring.ts): its verdict and points, once per take. */
export async function notifyScored(author: Id, takeId: Id, verdict: Verdict, points: number): Promise<void> {
  await notify({ recipient: author, take: takeId, type: 'scored', verdict, points, key: `s:${String(takeId)}` });
}

/** The fan entered a Callers board's top 10, once per board ('all' or a season): leaving it and coming back is no news. */
export async function notifyTopCaller(user: Id, board: string): Promise<void> {
  await notify({ recipient: user, type: 'top10', board, key: `t:${board}` });
}

/**
 * The author learns their take was hidden, and why; every hide is news, so the
 * key carries its time. It names no actor: which moderator hid a take is not
 * the author's to know (a name to pester), and a hide reaches the author even
 * if they blocked that moderator.
 */
export async function notifyHidden(take: { _id: Id; createdBy: Id }, reason: HideReason, at: Date): Promise<void> {
  await notify({
    recipient: take.createdBy,
    take: take._id,
    type: 'hidden',
    reason,
    key: `h:${String(take._id)}:${reason}:${at.getTime()}`,
  });
}

/** Deleting a take (and so its comments) removes every notification that points at it. */
export async function removeNotificationsOf(takeId: Id): Promise<void> {
  await Notification.deleteMany({ take: takeId });
}

const COMMENT_EXCERPT = 140;
const excerpt = (text: string) => (text.length > COMMENT_EXCERPT ? `${text.slice(0, COMMENT_EXCERPT - 1).trimEnd()}…` : text);

/** The actors of a page, read here rather than through lib/data/people/users.ts, which notifies of follows itself. */
async function actorsOf(page: Pick<NotificationRow, 'actor'>[]): Promise<Map<string, LeanUser>> {
  const ids = [...new Set(page.flatMap((n) => (n.actor ? [String(n.actor)] : [])))];
  if (ids.length === 0) return new Map();
  const users = await User.find({ _id: mongoose.trusted({ $in: ids }) })
    .select(LEAN_USER_FIELDS)
    .lean<LeanUser[]>();
  return new Map(users.map((u) => [String(u._id), u]));
}

/** The takes a page of notifications names, visible or hidden; a hidden one is named only to its author. */
async function takesNamed(ids: Types.ObjectId[], viewer: Types.ObjectId): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids.map(String))];
  const [visible, hidden] = await Promise.all([
    Take.find({ _id: mongoose.trusted({ $in: unique }) })
      .select({ title: 1 })
      .lean<Pick<TakeRow, '_id' | 'title'>[]>(),
    HiddenTake.find({ _id: mongoose.trusted({ $in: unique }) })
      .select({ createdBy: 1, 'take.title': 1 })
      .lean<(Pick<HiddenTakeRow, '_id' | 'createdBy'> & { take: Pick<TakeRow, 'title'> })[]>(),
  ]);
  return new Map([
    ...visible.map((t) => [String(t._id), t.title] as const),
    ...hidden.filter((h) => same(h.createdBy, viewer)).map((h) => [String(h._id), h.take.title] as const),
  ]);
}

function hrefOf(
  type: NotificationType,
  actor: string | null,
  take: { _id: string } | null,
  n: Pick<NotificationRow, 'game' | 'count'>,
): string | null {
  if (type === 'follow') return actor ? `/profile/${actor}` : null;
  // Several calls of one game settled: the game's Settled tonight lists them all.
  if (type === 'settled' && n.game != null && (n.count ?? 0) > 1) return `/games/${n.game}#settled-tonight`;
  if (type === 'top10') return '/callers';
  return take ? `/takes/${take._id}` : null;
}

/**
 * A page of the reader's notifications, newest first, paged by (createdAt, _id).
 * What came from someone the reader has hidden (or who blocked them), or whose
 * account is being deleted, is left out; the cursor is the page's as read.
 */
export async function listNotifications(
  viewer: Types.ObjectId,
  { cursor, limit = NOTIFICATIONS_PAGE_SIZE, only }: { cursor?: Cursor; limit?: number; only?: Types.ObjectId } = {},
): Promise<{ notifications: NotificationDTO[]; nextCursor: string | null }> {
  await dbConnect();
  // `only`: one of the reader's notifications, read whole (its "show" when their filters collapsed it).
  const read = await Notification.find({ recipient: viewer, ...(only ? { _id: only } : olderThan(cursor)) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .lean<NotificationRow[]>();
  // Hides stored while they still named their moderator read as a hide is written now: with no actor.
  for (const n of read) if (n.type === 'hidden') n.actor = null;
  const [actors, hidden, { teamNicknames }] = await Promise.all([actorsOf(read), hiddenAuthorsFor(String(viewer)), directory()]);
  const page = read.filter((n) => !n.actor || (!hidden.has(String(n.actor)) && !isLeaving(actors.get(String(n.actor)))));
  const gameIds = [...new Set(page.flatMap((n) => (n.type === 'settled' && n.game != null ? [n.game] : [])))];
  const [titles, comments, games] = await Promise.all([
    takesNamed(
      page.flatMap((n) => (n.take ? [n.take] : [])),
      viewer,
    ),
    page.some((n) => n.comment)
      ? Comment.find({ _id: mongoose.trusted({ $in: page.flatMap((n) => (n.comment ? [n.comment] : [])) }) })
          .select({ text: 1 })
          .lean<Pick<CommentRow, '_id' | 'text'>[]>()
      : [],
    gameIds.length
      ? Game.find({ _id: mongoose.trusted({ $in: gameIds }) })
          .select({ home: 1, away: 1 })
          .lean<Pick<GameRow, '_id' | 'home' | 'away'>[]>()
      : [],
  ]);
  const matchups = new Map(
    games.map((g) => [g._id, `${teamNicknames.get(g.away) ?? 'Unknown Team'} @ ${teamNicknames.get(g.home) ?? 'Unknown Team'}`]),
  );
  const texts = new Map(comments.map((c) => [String(c._id), c.text]));
  const notifications = page.map((n): NotificationDTO => {
    const actor = n.actor ? toPublicUser(actors.get(String(n.actor)), teamNicknames) : null;
    const title = n.take ? titles.get(String(n.take)) : undefined;
    const text = n.comment ? texts.get(String(n.comment)) : undefined;
    const take = n.take && title !== undefined ? { _id: String(n.take), title } : null;
    return {
      _id: String(n._id),
      type: n.type,
      read: n.read,
      createdAt: n.createdAt.toISOString(),
      actor,
      take,
      comment: n.comment && text !== undefined ? { _id: String(n.comment), text: excerpt(text) } : null,
      milestone: n.milestone ?? null,
      verdict: n.verdict ?? null,
      reason: n.reason ?? null,
      points: n.points ?? null,
      board: n.board ?? null,
      game: n.game != null && matchups.has(n.game) ? { id: n.game, matchup: matchups.get(n.game)! } : null,
      count: n.count ?? null,
      href: hrefOf(n.type, actor?._id ?? null, take, n),
      collapsed: null,
    };
  });
  const last = read.length === limit ? read[read.length - 1] : undefined;
  return { notifications, nextCursor: last ? encodeCursor(last.createdAt.getTime(), String(last._id)) : null };
}

/**
 * Unread notifications, counted up to one past what the bell shows ("9+"):
 * an index count that stops there, so the number costs the same for someone
 * with ten unread as for someone with ten thousand. Counted rather than kept
 * as a counter, it cannot drift from the notifications themselves.
 */
export async function unreadCount(viewer: Types.ObjectId): Promise<number> {
  await dbConnect();
  return Notification.countDocuments({ recipient: viewer, read: false }, { limit: UNREAD_DISPLAY_MAX + 1 });
}

/** Marks the given notifications of the reader read (or all of them); answers the unread count after. */
export async function markRead(viewer: Types.ObjectId, which: { ids: string[] } | { all: true }): Promise<number> {
  await dbConnect();
  const scope = 'ids' in which ? { _id: mongoose.trusted({ $in: which.ids.map((id) => new mongoose.Types.ObjectId(id)) }) } : {};
  const marked = await Notification.updateMany({ ...scope, recipient: viewer, read: false }, { $set: { read: true } });
  if (marked.modifiedCount > 0) await expireUnread(viewer);
  return unreadCount(viewer);
}
