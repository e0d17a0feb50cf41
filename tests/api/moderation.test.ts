import mongoose from 'mongoose';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { HiddenTake, ModerationAction, Notification, Report } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, PLAYER, postTake, REPORT_LATER, signUp, takePart, type TestUser } from '@/tests/support/api';
import { tamperToken } from '@/tests/support/emulator';

const base = () => process.env.API_BASE_URL!;

let admin: TestUser;
let reporters: TestUser[];
beforeAll(async () => {
  await dbConnect();
  admin = await signInAdmin();
  reporters = await Promise.all(Array.from({ length: 10 }, () => signUp('reporter')));
  // Fans in good standing, whose reports count toward hiding (tests/api/report-standing.test.ts covers the others).
  await takePart(reporters);
  // Other suites leave reports open; the queue shows the 20 oldest, so they are closed here to keep these tests' in view.
  await Report.updateMany({ closedAt: null }, { $set: { closedAt: new Date() } });
}, 60_000);
afterAll(() => dbDisconnect());

const report = (user: TestUser, takeId: string, reason = 'Spam or advertising') =>
  call('POST', `/api/takes/${takeId}/report`, { token: user.idToken, body: { reason }, headers: REPORT_LATER() });
const moderate = (takeId: string, action: string, user: TestUser = admin) =>
  call('POST', `/api/moderation/takes/${takeId}`, { token: user.idToken, body: { action } });
const queue = async () => {
  const reply = await call('GET', '/api/moderation/queue', { token: admin.idToken });
  expect(reply.status).toBe(200);
  return reply.body as {
    items: {
      take: { _id: string };
      hidden: { reason: string } | null;
      reportCount: number;
      reports: { reason: string; reporter: { _id: string } }[];
    }[];
    openTakes: number;
    recent: { action: string; takeId: string; title: string; by: { _id: string } | null; reports: number }[];
  };
};
const queued = async (takeId: string) => (await queue()).items.find((item) => item.take._id === takeId);
const takeAs = (takeId: string, user?: TestUser) => call('GET', `/api/takes/${takeId}`, { token: user?.idToken });

const EVERYWHERE = ['feed', 'search', 'player page', 'sitemap', 'take page'];

/** Every public list a take can appear in, as a visitor reads them (trending: see reportableTake). */
async function listedAnywhere(take: { _id: string; title: string }): Promise<string[]> {
  const where: string[] = [];
  const has = (body: { _id: string }[]) => body.some((t) => t._id === take._id);
  if (has((await call('GET', '/api/takes?sort=new&limit=50')).body)) where.push('feed');
  if (has((await call('GET', `/api/search/takes?q=${encodeURIComponent(take.title)}`)).body)) where.push('search');
  if (has((await call('GET', `/api/players/${PLAYER.id}?sort=newest&limit=50`)).body)) where.push('player page');
  const sitemap = await (await fetch(`${base()}/sitemaps/takes-0.xml`)).text();
  if (sitemap.includes(`/takes/${take._id}<`)) where.push('sitemap');
  if ((await fetch(`${base()}/takes/${take._id}`)).status === 200) where.push('take page');
  if (has((await call('GET', '/api/takes/trending?timeRange=12h&sort=comments')).body)) where.push('trending');
  return where;
}

/**
 * A take whose title no other test uses, with three comments from the reporters.
 * `trending` gives it 40, more than any other suite gives a take, so it leads the
 * last 12 hours' most-commented list.
 */
async function reportableTake(author: TestUser, label: string, { trending = false } = {}) {
  const take = await postTake(author, { title: `Moderation ${label} ${Date.now().toString(36)}` });
  const commenters = trending ? Array.from({ length: 40 }, (_, i) => reporters[i % reporters.length]!) : reporters.slice(0, 3);
  for (const fan of commenters) await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'Bold', postID: take._id } });
  return take;
}

describe('who may moderate', () => {
  it('answers 404 to visitors, signed-in fans and bad tokens alike, and the queue to an admin', async () => {
    const fan = await signUp('notadmin');
    const take = await postTake(fan);
    for (const token of [undefined, fan.idToken, tamperToken(admin.idToken, { exp: 1 }), 'garbage']) {
      expect(await call('GET', '/api/moderation/queue', { token })).toMatchObject({ status: 404, body: { error: 'Not found.' } });
      expect(await call('POST', `/api/moderation/takes/${take._id}`, { token, body: { action: 'delete' } })).toMatchObject({ status: 404 });
      expect(await call('POST', '/api/moderation/takes/nope', { token, body: {} })).toMatchObject({ status: 404 });
    }
    expect((await takeAs(take._id)).status).toBe(200);
    expect((await call('GET', '/api/moderation/queue', { token: admin.idToken })).status).toBe(200);
    expect((await call('GET', `/api/users/users/${fan.uid}`, { token: fan.idToken })).body.isAdmin).toBe(false);
    expect((await call('GET', `/api/users/users/${admin.uid}`, { token: admin.idToken })).body.isAdmin).toBe(true);
  });

  it('refuses an unknown action, an unknown take, and restoring a take that is not hidden', async () => {
    const take = await postTake(reporters[0]!);
    expect(await moderate(take._id, 'ban')).toMatchObject({
      status: 400,
      body: { error: 'action: action must be dismiss, hide, restore or delete' },
    });
    expect(await moderate('000000000000000000000000', 'hide')).toMatchObject({ status: 404 });
    expect(await moderate(take._id, 'restore')).toMatchObject({ status: 400, body: { error: 'This take is not hidden.' } });
  });
});

describe('reports and the automatic hide', () => {
  it('hides a take once 5 distinct users report it, from every list, page and search; its author and admins still see why', async () => {
    const author = await signUp('reported');
    const follower = await signUp('follower');
    await call('POST', `/api/users/${author.uid}/follow`, { token: follower.idToken });
    const take = await reportableTake(author, 'auto', { trending: true });
    await call('POST', '/api/user-action', { token: reporters[5]!.idToken, body: { actionType: 'like', postID: take._id } });
    expect(await listedAnywhere(take)).toEqual([...EVERYWHERE, 'trending']);
    const posts = async () => (await call('GET', `/api/users/full-profile/${author._id}`)).body.postsCount;
    expect(await posts()).toBe(1);

    for (const fan of reporters.slice(0, 4)) expect((await report(fan, take._id)).status).toBe(201);
    // A repeat is accepted and counts once.
    expect((await report(reporters[0]!, take._id)).status).toBe(201);
    expect((await takeAs(take._id)).status).toBe(200);
    expect(await queued(take._id)).toMatchObject({ hidden: null, reportCount: 4 });

    expect((await report(reporters[4]!, take._id, 'Harassment')).status).toBe(201);
    expect(await listedAnywhere(take)).toEqual([]);
    expect((await call('GET', '/api/takes/following', { token: follower.idToken })).body.takes).toEqual([]);
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
    expect((await call('POST', '/api/comments', { token: follower.idToken, body: { text: 'Hi', postID: take._id } })).status).toBe(404);
    expect(
      (await call('POST', '/api/user-action', { token: follower.idToken, body: { actionType: 'like', postID: take._id } })).status,
    ).toBe(404);
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
    const authorNotes = (await call('GET', '/api/notifications', { token: author.idToken })).body.notifications;
    expect(authorNotes[0]).toMatchObject({ type: 'hidden', reason: 'reports', take: { _id: take._id, title: take.title } });
  }, 90_000);

  it('an admin dismissing the reports restores the take with its counts, closes them, and records who and when', async () => {
    const author = await signUp('restored');
    const take = await reportableTake(author, 'dismiss');
    await call('POST', '/api/user-action', { token: reporters[7]!.idToken, body: { actionType: 'like', postID: take._id } });
    for (const fan of reporters.slice(0, 5)) await report(fan, take._id);
    expect(await listedAnywhere(take)).toEqual([]);

    expect(await moderate(take._id, 'dismiss')).toMatchObject({ status: 200, body: { message: 'Reports dismissed.' } });
    expect(await listedAnywhere(take)).toEqual(expect.arrayContaining(EVERYWHERE));
    expect((await takeAs(take._id)).body).toMatchObject({ likes: 1, commentsCount: 3 });
    expect((await takeAs(take._id)).body.moderation).toBeUndefined();
    expect((await call('GET', `/api/users/full-profile/${author._id}`)).body.postsCount).toBe(1);
    expect(await queued(take._id)).toBeUndefined();
    const entry = (await queue()).recent.find((e) => e.takeId === take._id);
    expect(entry).toMatchObject({ action: 'dismiss', by: { _id: admin._id }, reports: 5 });
    expect(await ModerationAction.findOne({ take: new mongoose.Types.ObjectId(take._id), action: 'dismiss' }).lean()).toMatchObject({
      createdAt: expect.any(Date),
    });
    expect(await Report.countDocuments({ take: new mongoose.Types.ObjectId(take._id), closedAt: null })).toBe(0);

    // Reviewed: the old reporters' repeats change nothing, and it takes 5 new ones to hide it again.
    for (const fan of reporters.slice(0, 5)) await report(fan, take._id);
    for (const fan of reporters.slice(5, 9)) await report(fan, take._id);
    expect((await takeAs(take._id)).status).toBe(200);
    await report(reporters[9]!, take._id);
    expect((await takeAs(take._id)).status).toBe(404);
  }, 90_000);
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
    const [note] = (await call('GET', '/api/notifications', { token: author.idToken })).body.notifications;
    // Why, not who: the notification names no moderator.
    expect(note).toMatchObject({ type: 'hidden', reason: 'moderators', actor: null });

    expect(await moderate(take._id, 'restore')).toMatchObject({ status: 200, body: { message: 'Take restored.' } });
    expect(await listedAnywhere(take)).toContain('feed');
    expect(await moderate(take._id, 'hide')).toMatchObject({ status: 200 });

    expect((await call('DELETE', `/api/takes/${take._id}`, { token: reporters[0]!.idToken })).status).toBe(404);
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(200);
    expect(await HiddenTake.countDocuments({ _id: new mongoose.Types.ObjectId(take._id) })).toBe(0);
    expect((await takeAs(take._id, author)).status).toBe(404);
    expect((await call('GET', `/api/users/full-profile/${author._id}`)).body.postsCount).toBe(0);
  }, 60_000);

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
    expect((await call('GET', `/api/users/full-profile/${author._id}`)).body.postsCount).toBe(0);
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
  }, 60_000);
});
