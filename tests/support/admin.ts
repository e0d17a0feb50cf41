import { call, type TestUser } from '@/tests/support/api';

const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests with npm test');
  return value;
};

const PASSWORD = 'test-password-1';

/**
 * The moderator of the API suite: the emulator account whose uid npm test lists
 * in the server's TAKES_ADMIN_UIDS, created with that uid on first use (the
 * emulator takes "Bearer owner" as admin credentials), with a username.
 */
export async function signInAdmin(): Promise<TestUser> {
  const uid = process.env.TAKES_ADMIN_UIDS?.split(',')[0]?.trim();
  if (!uid) throw new Error('TAKES_ADMIN_UIDS is not set: run the tests with npm test');
  const email = `${uid}@example.test`;
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
  await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, email, password: PASSWORD }),
  });
  const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const data = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok || data.localId !== uid) throw new Error(`admin sign-in failed: ${JSON.stringify(data)}`);
  await call('POST', '/api/users', { token: data.idToken, body: { username: 'apimoderator' } });
  const me = await call('GET', `/api/users/users/${uid}`, { token: data.idToken });
  if (me.status !== 200 || !me.body.isAdmin) throw new Error(`admin user not ready: ${me.status} ${JSON.stringify(me.body)}`);
  return { uid, email, password: PASSWORD, idToken: data.idToken, _id: me.body._id, username: me.body.username };
}
