import mongoose from 'mongoose';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { moderationQueue } from '@/lib/data/moderation/moderation';
import { HiddenTake, Notification, Report } from '@/models';
import {
  act,
  comment,
  entityTakes,
  type Fan as TestUser,
  feed,
  followFan,
  followingPage,
  moderate as decide,
  notifications,
  outcome,
  PLAYER,
  plain,
  postTake,
  profile,
  removeTake,
  report as fileReport,
  search,
  signInAdmin,
  signUp,
  sitemapPaths,
  takeAs as readTake,
  takePart,
  trending,
} from '@/tests/data/support/fans';

let admin: TestUser;
let reporters: TestUser[];
beforeAll(async () => {
  admin = await signInAdmin();
  reporters = await Promise.all(Array.from({ length: 10 }, () => signUp('reporter')));
  // Fans in good standing, whose reports count toward hiding (tests/data/report-standing.test.ts covers the others).
  await takePart(reporters);
});

const report = (user: TestUser, takeId: string, reason = 'Spam or advertising') => outcome(() => fileReport(user, 'take', takeId, reason));
const moderate = (takeId: string, action: string, user: TestUser = admin) => outcome(() => decide(user, 'take', takeId, action));
const queue = async () =>
  plain<{
    items: {
      take: { _id: string };
      hidden: { reason: string } | null;
      reportCount: number;
      reports: { reason: string; reporter: { _id: string } }[];
    }[];
    openTakes: number;
    recent: { action: string; takeId: string; title: string; by: { _id: string } | null; reports: number }[];
  }>(await moderationQueue());
const queued = async (takeId: string) => (await queue()).items.find((item) => item.take._id === takeId);
/** GET /api/takes/{id} as `user` (a visitor without one): the take, or the refusal. */
const takeAs = (takeId: string, user?: TestUser) => outcome(() => readTake(user ?? null, takeId));

const EVERYWHERE = ['feed', 'search', 'player page', 'sitemap', 'take page'];

/**
 * Every public list a take can appear in, as a visitor reads them (trending: see reportableTake), through the data each
 * one is made of; the pages themselves over HTTP are tests/api/hidden-or-deleted.test.ts's.
 */
async function listedAnywhere(take: { _id: string; title: string }): Promise<string[]> {
  const where: string[] = [];
  const has = (body: { _id: string }[]) => body.some((t) => t._id === take._id);
  if (has((await feed(null, 'sort=new&limit=50')).takes)) where.push('feed');
  if (has(await search(null, take.title))) where.push('search');
  if (has(await entityTakes(null, 'player', PLAYER.id, 'sort=newest&limit=50'))) where.push('player page');
  if ((await sitemapPaths()).includes(`/takes/${take._id}`)) where.push('sitemap');
  if ((await takeAs(take._id)).status === 200) where.push('take page');
  if (has(await trending(null, 'timeRange=12h&sort=comments'))) where.push('trending');
  return where;
}

/**
 * A take whose title no other test uses, with three comments from the reporters.
 * `trending` gives it 40, more than any other take here, so it leads the
 * last 12 hours' most-commented list.
 */
async function reportableTake(author: TestUser, label: string, { trending: lead = false } = {}) {
  const take = await postTake(author, { title: `Moderation ${label} ${Date.now().toString(36)}` });
  const commenters = lead ? Array.from({ length: 40 }, (_, i) => reporters[i % reporters.length]!) : reporters.slice(0, 3);
  for (const fan of commenters) await comment(fan, { text: 'Bold', postID: take._id });
  return take;
}

describe('reports and the automatic hide', () => {
  it('hides a take once 5 distinct users report it, from every list, page and search; its author and admins still see why', async () => {
    const author = await signUp('reported');
    const follower = await signUp('follower');
    await followFan(follower, author);
    const take = await reportableTake(author, 'auto', { trending: true });
    await act(reporters[5]!, { actionType: 'like', postID: take._id });
    expect(await listedAnywhere(take)).toEqual([...EVERYWHERE, 'trending']);
    const posts = async () => (await profile(author)).postsCount;
    expect(await posts()).toBe(1);

    for (const fan of reporters.slice(0, 4)) expect((await report(fan, take._id)).status).toBe(200);
    // A repeat is accepted and counts once.
    expect((await report(reporters[0]!, take._id)).status).toBe(200);
    expect((await takeAs(take._id)).status).toBe(200);
    expect(await queued(take._id)).toMatchObject({ hidden: null, reportCount: 4 });

    expect((await report(reporters[4]!, take._id, 'Harassment')).status).toBe(200);
    expect(await listedAnywhere(take)).toEqual([]);
    expect((await followingPage(follower)).takes).toEqual([]);
    expect(await posts()).toBe(0);
    for (const user of [undefined, follower, reporters[0]])
      expect(await takeAs(take._id, user)).toMatchObject({ status: 404, body: { error: 'Take not found.' } });
    for (const user of [author, admin]) {
      expect(await takeAs(take._id, user)).toMatchObject({
        status: 200,
        body: { _id: take._id, likes: 1, moderation: { reason: 'reports', reports: 5 } },
      });
    }
    // Nothing can act on it meanwhile.
    expect((await outcome(() => comment(follower, { text: 'Hi', postID: take._id }))).status).toBe(404);
    expect((await outcome(() => act(follower, { actionType: 'like', postID: take._id }))).status).toBe(404);
    expect((await report(reporters[6]!, take._id)).status).toBe(404);

    const item = await queued(take._id);
    expect(item).toMatchObject({ hidden: { reason: 'reports' }, reportCount: 5 });
    expect(item!.reports.map((r) => r.reporter._id).sort()).toEqual(
      reporters
        .slice(0, 5)
        .map((r) => r._id)
        .sort(),
    );
    expect(item!.reports.map((r) => r.reason)).toContain('Harassment');
    expect((await queue()).recent.find((entry) => entry.takeId === take._id)).toMatchObject({ action: 'auto-hide', by: null, reports: 5 });
    const authorNotes = (await notifications(author)).notifications;
    expect(authorNotes[0]).toMatchObject({ type: 'hidden', reason: 'reports', take: { _id: take._id, title: take.title } });
  });

  it('an admin dismissing the reports restores the take with its counts, closes them, and records who and when', async () => {
    const author = await signUp('restored');
    const take = await reportableTake(author, 'dismiss');
    await act(reporters[7]!, { actionType: 'like', postID: take._id });
    for (const fan of reporters.slice(0, 5)) await report(fan, take._id);
    expect(await listedAnywhere(take)).toEqual([]);

    expect(await moderate(take._id, 'dismiss')).toMatchObject({ status: 200, body: { message: 'Reports dismissed.' } });
    expect(await listedAnywhere(take)).toEqual(expect.arrayContaining(EVERYWHERE));
    expect((await takeAs(take._id)).body).toMatchObject({ likes: 1, commentsCount: 3 });
    expect((await takeAs(take._id)).body.moderation).toBeUndefined();
    expect((await profile(author)).postsCount).toBe(1);
    expect(await queued(take._id)).toBeUndefined();
    const entry = (await queue()).recent.find((e) => e.takeId === take._id);
    expect(entry).toMatchObject({ action: 'dismiss', by: { _id: admin._id }, reports: 5, createdAt: expect.any(String) });
    expect(await Report.countDocuments({ take: new mongoose.Types.ObjectId(take._id), closedAt: null })).toBe(0);

    // Reviewed: the old reporters' repeats change nothing, and it takes 5 new ones to hide it again.
    for (const fan of reporters.slice(0, 5)) await report(fan, take._id);
    for (const fan of reporters.slice(5, 9)) await report(fan, take._id);
    expect((await takeAs(take._id)).status).toBe(200);
    await report(reporters[9]!, take._id);
    expect((await takeAs(take._id)).status).toBe(404);
  });
});

describe('moderator actions', () => {
  it('hides and restores a take, telling its author; the author can delete their hidden take', async () => {
    const author = await signUp('hidden');
    const take = await reportableTake(author, 'hide');
    await report(reporters[0]!, take._id, 'Off-topic');
    expect(await moderate(take._id, 'hide')).toMatchObject({ status: 200, body: { message: 'Take hidden.' } });
    expect(await listedAnywhere(take)).toEqual([]);
    expect(await takeAs(take._id, author)).toMatchObject({ status: 200, body: { moderation: { reason: 'moderators', reports: 0 } } });
    expect(await queued(take._id)).toBeUndefined();
    const [note] = (await notifications(author)).notifications;
    // Why, not who: the notification names no moderator.
    expect(note).toMatchObject({ type: 'hidden', reason: 'moderators', actor: null });

    expect(await moderate(take._id, 'restore')).toMatchObject({ status: 200, body: { message: 'Take restored.' } });
    expect(await listedAnywhere(take)).toContain('feed');
    expect(await moderate(take._id, 'hide')).toMatchObject({ status: 200 });

    expect((await outcome(() => removeTake(reporters[0]!, take._id))).status).toBe(404);
    expect((await outcome(() => removeTake(author, take._id))).status).toBe(200);
    expect(await HiddenTake.countDocuments({ _id: new mongoose.Types.ObjectId(take._id) })).toBe(0);
    expect((await takeAs(take._id, author)).status).toBe(404);
    expect((await profile(author)).postsCount).toBe(0);
  });

  it('deletes a reported take with everything that points at it, and logs it by title', async () => {
    const author = await signUp('deleted');
    const take = await reportableTake(author, 'delete');
    await report(reporters[1]!, take._id);
    expect(await Notification.countDocuments({ take: new mongoose.Types.ObjectId(take._id) })).toBe(3);
    expect(await moderate(take._id, 'delete')).toMatchObject({ status: 200, body: { message: 'Take deleted.' } });
    expect((await takeAs(take._id, admin)).status).toBe(404);
    expect(await Notification.countDocuments({ take: new mongoose.Types.ObjectId(take._id) })).toBe(0);
    expect(await Report.countDocuments({ take: new mongoose.Types.ObjectId(take._id) })).toBe(0);
    expect((await queue()).recent.find((e) => e.takeId === take._id)).toMatchObject({
      action: 'delete',
      title: take.title,
      reports: 1,
      by: { _id: admin._id },
    });
    expect((await profile(author)).postsCount).toBe(0);
  });

  it('leaves every counter as its facts say after hides, restores and deletes', async () => {
    const author = await signUp('counted');
    const kept = await reportableTake(author, 'kept');
    const gone = await reportableTake(author, 'gone');
    await moderate(kept._id, 'hide');
    await moderate(gone._id, 'hide');
    await moderate(kept._id, 'restore');
    await moderate(gone._id, 'delete');
    const mine = new Set([author._id, kept._id, gone._id]);
    expect((await repairCounts()).filter((fix) => mine.has(fix.id))).toEqual([]);
  });
});
