import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';
import { tamperToken } from '@/tests/support/emulator';

// What reports hide, and what moderators' decisions do, log and tell, are tests/data/moderation.test.ts's; here, who the
// API admits, what it refuses, and a hidden take gone from the pages and lists a visitor reads over HTTP.

const base = () => process.env.API_BASE_URL!;

let admin: TestUser;
beforeAll(async () => {
  admin = await signInAdmin();
}, 60_000);

const moderate = (takeId: string, action: string, user: TestUser = admin) =>
  call('POST', `/api/moderation/takes/${takeId}`, { token: user.idToken, body: { action } });
const takeAs = (takeId: string, user?: TestUser) => call('GET', `/api/takes/${takeId}`, { token: user?.idToken });

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
    const take = await postTake(await signUp('moderated'));
    expect(await moderate(take._id, 'ban')).toMatchObject({
      status: 400,
      body: { error: 'action: action must be dismiss, hide, restore or delete' },
    });
    expect(await moderate('000000000000000000000000', 'hide')).toMatchObject({ status: 404 });
    expect(await moderate(take._id, 'restore')).toMatchObject({ status: 400, body: { error: 'This take is not hidden.' } });
  });
});

describe('a hidden take over HTTP', () => {
  it('is gone from the feed, the sitemap and its page until it is restored; its author still reads it, with why', async () => {
    const author = await signUp('hidden');
    const take = await postTake(author, { title: `Moderation over HTTP ${Date.now().toString(36)}` });
    const listed = async () => {
      const where: string[] = [];
      if (((await call('GET', '/api/takes?sort=new&limit=50')).body as { _id: string }[]).some((t) => t._id === take._id))
        where.push('feed');
      if ((await (await fetch(`${base()}/sitemaps/takes-0.xml`)).text()).includes(`/takes/${take._id}<`)) where.push('sitemap');
      if ((await fetch(`${base()}/takes/${take._id}`)).status === 200) where.push('take page');
      return where;
    };
    expect(await listed()).toEqual(['feed', 'sitemap', 'take page']);
    expect(await moderate(take._id, 'hide')).toMatchObject({ status: 200, body: { message: 'Take hidden.' } });
    expect(await listed()).toEqual([]);
    expect(await takeAs(take._id)).toMatchObject({ status: 404, body: { error: 'Take not found.' } });
    expect(await takeAs(take._id, author)).toMatchObject({ status: 200, body: { moderation: { reason: 'moderators', reports: 0 } } });
    expect(await moderate(take._id, 'restore')).toMatchObject({ status: 200, body: { message: 'Take restored.' } });
    expect(await listed()).toEqual(['feed', 'sitemap', 'take page']);
  });
});
