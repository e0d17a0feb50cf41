import { Types } from 'mongoose';
import { LIKE_MILESTONES } from '@/lib/notifications/constants';
import { receiptState } from '@/lib/receipts/receipts';
import type { buildDemoData, ReferenceData } from '@/scripts/seed-lib/demo-data';
import { teamTakeDoc } from '@/scripts/seed-lib/team-take';

/** The demo moderator; its uid is an admin wherever the emulator runs (scripts/lib/stack.mjs DEMO_ADMIN_UID). */
export const DEMO_ADMIN = { uid: 'demo-commish', email: 'admin@takes.test', username: 'commish' } as const;

type Demo = ReturnType<typeof buildDemoData>;
type Id = Types.ObjectId;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Stable ids apart from the demo world's kinds (1-7), so a re-run inserts nothing new. */
const socialId = (kind: number, n: number) => new Types.ObjectId(kind.toString(16).padStart(2, '0') + n.toString(16).padStart(22, '0'));

/** The reported take the demo shows hidden automatically: one that earns its five reports. */
const HIDDEN_TAKE = {
  title: 'Leaked: every ref assignment this season was bought',
  description:
    'I have the full list of who paid which crew. Link in my bio, DM me your email and I will send the spreadsheet. Share before the league deletes it.',
  team: 'BOS',
  reasons: [
    'Scam link or suspicious external link',
    'Misleading or fabricated quote attributed to a real person',
    'Spam or advertising',
    "Posting someone's personal information",
    'Duplicate post or repeated flooding',
  ],
};

type Notification = {
  _id: Id;
  recipient: Id;
  type: 'comment' | 'reply' | 'tag' | 'follow' | 'milestone' | 'verdict' | 'hidden';
  key: string;
  actor: Id | null;
  take: Id | null;
  comment: Id | null;
  milestone: number | null;
  verdict: 'well' | 'poorly' | 'close' | null;
  reason: 'reports' | 'moderators' | null;
  read: boolean;
  createdAt: Date;
};

/**
 * The social side of the demo world, laid over buildDemoData's: a moderator
 * (admin@takes.test), the notifications its events would have written (the
 * last three days' comments, replies and tags, every follow, likes milestones and
 * receipt verdicts; read unless from the last day), and a moderation queue:
 * the demo's open reports, a take with three, one hidden automatically by five,
 * and a dismissal in the log. Adds the moderator to `demo.users`, marks resolved
 * receipts as told, and closes nothing else.
 */
export function buildSocialData(demo: Demo, ref: ReferenceData, now: Date) {
  const [demoUser] = demo.users;
  if (!demoUser) throw new Error('the demo world has no users');
  const at = (ms: number) => new Date(ms);
  const read = (when: Date) => now.getTime() - when.getTime() > DAY;

  const admin = {
    ...demoUser,
    _id: socialId(0x20, 0),
    firebaseUID: DEMO_ADMIN.uid,
    email: DEMO_ADMIN.email,
    username: DEMO_ADMIN.username,
    followersCount: 0,
    followingCount: 0,
    postsCount: 0,
    favoriteTeam: null,
  };
  demo.users.push(admin);

  const notifications: Notification[] = [];
  const notify = (
    n: Omit<Notification, '_id' | 'read' | 'actor' | 'take' | 'comment' | 'milestone' | 'verdict' | 'reason'> & Partial<Notification>,
  ) => {
    if (n.actor && String(n.actor) === String(n.recipient)) return;
    notifications.push({
      actor: null,
      take: null,
      comment: null,
      milestone: null,
      verdict: null,
      reason: null,
      ...n,
      _id: socialId(0x21, notifications.length),
      read: read(n.createdAt),
    });
  };

  const authorOf = new Map(demo.takes.map((t) => [String(t._id), t.createdBy]));
  const commentAuthor = new Map(demo.comments.map((c) => [String(c._id), c.user]));
  for (const c of demo.comments) {
    if (now.getTime() - c.createdAt.getTime() > 3 * DAY) continue;
    const base = { actor: c.user, take: c.postID, comment: c._id, key: `c:${String(c._id)}`, createdAt: c.createdAt };
    if (!c.parentComment) {
      const author = authorOf.get(String(c.postID));
      if (author) notify({ ...base, recipient: author, type: 'comment' });
      continue;
    }
    const parent = commentAuthor.get(String(c.parentComment));
    if (parent) notify({ ...base, recipient: parent, type: 'reply' });
    if (c.taggedUser && String(c.taggedUser) !== String(parent)) notify({ ...base, recipient: c.taggedUser, type: 'tag' });
  }
  for (const f of demo.follows)
    notify({ recipient: f.followee, actor: f.follower, type: 'follow', key: `f:${String(f.follower)}`, createdAt: f.createdAt });

  const likesOf = new Map<string, Date[]>();
  for (const a of demo.actions) {
    if (a.targetType === 'take' && a.actionType === 'like')
      likesOf.set(String(a.target), [...(likesOf.get(String(a.target)) ?? []), a.createdAt]);
  }
  for (const take of demo.takes) {
    const times = (likesOf.get(String(take._id)) ?? []).sort((x, y) => x.getTime() - y.getTime());
    for (const milestone of LIKE_MILESTONES) {
      const reached = times[milestone - 1];
      if (reached)
        notify({
          recipient: take.createdBy,
          take: take._id,
          type: 'milestone',
          milestone,
          key: `m:${String(take._id)}:${milestone}`,
          createdAt: reached,
        });
    }
    if (!take.checkBackAt) continue;
    const { verdict } = receiptState(take as typeof take & { checkBackAt: Date }, now);
    if (!verdict) continue;
    // Told as the verdict came (a week after the date), as the first read after it would have.
    notify({
      recipient: take.createdBy,
      take: take._id,
      type: 'verdict',
      verdict,
      key: `v:${String(take._id)}`,
      createdAt: at(Math.min(now.getTime(), take.checkBackAt.getTime() + 7 * DAY)),
    });
    Object.assign(take, { verdictNotified: true });
  }

  // The queue: every demo report is open; one of those takes has two more.
  const reports = demo.reports.map((r) => ({ ...r, closedAt: null as Date | null, closedBy: null as Id | null }));
  const reporters = demo.users.filter((u) => u !== admin);
  const reported = new Set(reports.map((r) => String(r.take)));
  const piledOn = demo.reports[0];
  let reportN = 0;
  const report = (take: Id, author: Id, reasons: string[], when: (i: number) => Date, closed?: Date) => {
    const taken = new Set(reports.filter((r) => String(r.take) === String(take)).map((r) => String(r.user)));
    const by = reporters.filter((u) => String(u._id) !== String(author) && !taken.has(String(u._id))).slice(0, reasons.length);
    for (const [i, user] of by.entries()) {
      const createdAt = when(i);
      reports.push({
        _id: socialId(0x22, reportN++),
        take,
        user: user._id,
        reason: reasons[i]!,
        createdAt,
        updatedAt: createdAt,
        closedAt: closed ?? null,
        closedBy: closed ? admin._id : null,
      });
    }
  };
  if (piledOn)
    report(
      piledOn.take,
      authorOf.get(String(piledOn.take))!,
      ['Off-topic: not about the NBA', 'Duplicate post or repeated flooding'],
      (i) => at(now.getTime() - (2 + i) * HOUR),
    );

  const moderationActions: {
    _id: Id;
    take: Id;
    title: string;
    author: Id;
    action: string;
    by: Id | null;
    reports: number;
    createdAt: Date;
  }[] = [];
  // A dismissal from yesterday: two reports on a take the moderator judged fine.
  const dismissed = demo.takes.find((t) => !reported.has(String(t._id)) && t.likes > 5 && now.getTime() - t.createdAt.getTime() > 2 * DAY);
  if (dismissed) {
    const when = at(now.getTime() - 20 * HOUR);
    report(
      dismissed._id,
      dismissed.createdBy,
      ['Inappropriate or explicit content', 'Hateful or discriminatory language'],
      (i) => at(now.getTime() - (30 + i) * HOUR),
      when,
    );
    moderationActions.push({
      _id: socialId(0x23, 0),
      take: dismissed._id,
      title: dismissed.title,
      author: dismissed.createdBy,
      action: 'dismiss',
      by: admin._id,
      reports: 2,
      createdAt: when,
    });
  }

  // Hidden automatically: five reports in the last few hours. Hidden takes count in no post count or entity stat.
  const team = ref.teams.find((t) => t.abbreviation === HIDDEN_TAKE.team) ?? ref.teams[0]!;
  const author = demo.users[Math.min(7, demo.users.length - 2)]!;
  const posted = at(now.getTime() - 9 * HOUR);
  const hiddenTake = teamTakeDoc({
    id: socialId(0x24, 0),
    title: HIDDEN_TAKE.title,
    description: HIDDEN_TAKE.description,
    team,
    author,
    counts: { likes: 0, dislikes: 0, shares: 0, favorites: 0, commentsCount: 0 },
    posted,
  });
  report(hiddenTake._id, author._id, HIDDEN_TAKE.reasons, (i) => at(posted.getTime() + (1 + i) * HOUR));
  const hiddenAt = at(posted.getTime() + 5 * HOUR);
  const hiddenTakes = [
    { _id: hiddenTake._id, take: hiddenTake, createdBy: author._id, reason: 'reports' as const, hiddenBy: null, hiddenAt },
  ];
  moderationActions.push({
    _id: socialId(0x23, 1),
    take: hiddenTake._id,
    title: hiddenTake.title,
    author: author._id,
    action: 'auto-hide',
    by: null,
    reports: 5,
    createdAt: hiddenAt,
  });
  notify({
    recipient: author._id,
    take: hiddenTake._id,
    type: 'hidden',
    reason: 'reports',
    key: `h:${String(hiddenTake._id)}:reports:${hiddenAt.getTime()}`,
    createdAt: hiddenAt,
  });

  return { reports, notifications, hiddenTakes, moderationActions };
}
