import { signInAdmin } from '@/tests/support/admin';
import { call, signUp, type TestUser } from '@/tests/support/api';

// Roles (docs/product.md#roles): administrators come from the environment (npm test names the uid api-admin, and the
// email commissioner@admins.test once verified); they add and remove moderators here, each change kept with who and
// when, and no server restarts in between.

const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const project = () => process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
const roster = (token: string) => call('GET', '/api/moderation/moderators', { token });
const roles = async (user: { uid: string; idToken: string }) =>
  (await call('GET', `/api/users/users/${user.uid}`, { token: user.idToken })).body as { isAdmin: boolean; isModerator: boolean };

let admin: TestUser;
beforeAll(async () => {
  admin = await signInAdmin();
});

it('an administrator names a fan a moderator, who then works the queue but names no one; removed, they are back to a fan', async () => {
  const fan = await signUp('deputy');
  expect(await roles(fan)).toEqual(expect.objectContaining({ isAdmin: false, isModerator: false }));
  expect((await call('GET', '/api/moderation/queue', { token: fan.idToken })).status).toBe(404);

  const added = await call('POST', '/api/moderation/moderators', {
    token: admin.idToken,
    body: { username: `@${fan.username.toUpperCase()}` },
  });
  expect(added).toMatchObject({ status: 201, body: { message: `@${fan.username} is now a moderator.` } });
  expect(await roles(fan)).toEqual(expect.objectContaining({ isAdmin: false, isModerator: true }));
  expect((await call('GET', '/api/moderation/queue', { token: fan.idToken })).status).toBe(200);
  // A moderator is not an administrator: the roster and its changes stay out of reach.
  expect((await roster(fan.idToken)).status).toBe(404);
  expect((await call('POST', '/api/moderation/moderators', { token: fan.idToken, body: { username: admin.username } })).status).toBe(404);
  expect((await call('POST', '/api/moderation/moderators', { token: admin.idToken, body: { username: fan.username } })).status).toBe(409);

  const listed = await roster(admin.idToken);
  expect(listed.status).toBe(200);
  expect(listed.body.moderators).toContainEqual(
    expect.objectContaining({ user: expect.objectContaining({ _id: fan._id }), addedBy: admin.uid }),
  );
  expect(listed.body.changes[0]).toMatchObject({ user: { _id: fan._id }, change: 'added', by: admin.uid });

  expect((await call('DELETE', `/api/moderation/moderators/${fan._id}`, { token: admin.idToken })).status).toBe(200);
  expect(await roles(fan)).toEqual(expect.objectContaining({ isModerator: false }));
  expect((await call('GET', '/api/moderation/queue', { token: fan.idToken })).status).toBe(404);
  expect((await call('DELETE', `/api/moderation/moderators/${fan._id}`, { token: admin.idToken })).status).toBe(404);
  const after = (await roster(admin.idToken)).body;
  expect(after.moderators).not.toContainEqual(expect.objectContaining({ user: expect.objectContaining({ _id: fan._id }) }));
  expect(after.changes.slice(0, 2)).toMatchObject([
    { user: { _id: fan._id }, change: 'removed', by: admin.uid },
    { user: { _id: fan._id }, change: 'added', by: admin.uid },
  ]);
});

it('names no one who is not there, and answers 404 to anyone who is not an administrator', async () => {
  expect(await call('POST', '/api/moderation/moderators', { token: admin.idToken, body: { username: 'nobodyhere99' } })).toMatchObject({
    status: 404,
    body: { error: 'No fan is called @nobodyhere99.' },
  });
  expect((await call('POST', '/api/moderation/moderators', { token: admin.idToken, body: {} })).status).toBe(400);
  expect((await call('GET', '/api/moderation/moderators')).status).toBe(404);
});

it('makes an administrator of the email the environment names only once Firebase has verified it', async () => {
  const email = 'commissioner@admins.test';
  const password = 'test-password-1';
  const toolkit = async (path: string, body: object, headers: Record<string, string> = {}) => {
    const reply = await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await reply.json()) as { idToken: string; localId: string };
  };
  const signIn = () => toolkit('accounts:signInWithPassword?key=demo-api-key', { email, password, returnSecureToken: true });
  const { localId: uid } = await toolkit('accounts:signUp?key=demo-api-key', { email, password, returnSecureToken: true });
  const unverified = await signIn();
  expect(
    (await call('POST', '/api/users', { token: unverified.idToken, body: { username: `commish${Date.now().toString(36).slice(-6)}` } }))
      .status,
  ).toBe(201);
  expect(await roles({ uid, idToken: unverified.idToken })).toEqual(expect.objectContaining({ isAdmin: false, isModerator: false }));
  expect((await roster(unverified.idToken)).status).toBe(404);

  await toolkit(`projects/${project()}/accounts:update`, { localId: uid, emailVerified: true }, { Authorization: 'Bearer owner' });
  const verified = await signIn();
  expect(await roles({ uid, idToken: verified.idToken })).toEqual(expect.objectContaining({ isAdmin: true, isModerator: true }));
  expect((await roster(verified.idToken)).status).toBe(200);
});
