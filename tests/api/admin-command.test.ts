import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { Administrator } from '@/models';
import { call } from '@/tests/support/api';
import { createAccount, signedInAgo } from '@/tests/support/emulator';

// The operator's command for administrators (scripts/admin-cli.ts; `node admin.cjs …` in the Docker image, the
// standalone output's copy here), against the auth emulator and the suite's database: the role is a claim on the
// Firebase account, each change recorded with who ran the command and when.

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const project = () => process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';

function admin(...args: string[]) {
  const dist = process.env.NEXT_DIST_DIR;
  if (!dist) throw new Error('NEXT_DIST_DIR is not set: run the tests with npm test');
  // The server's own environment, as `docker compose exec app node admin.cjs …` has it.
  return spawnSync(process.execPath, [path.join(process.cwd(), dist, 'standalone', 'admin.cjs'), ...args], {
    env: { ...process.env, NODE_ENV: 'production', TAKES_ALLOW_AUTH_EMULATOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const reply = await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return ((await reply.json()) as { idToken: string }).idToken;
}

async function verifyEmail(uid: string) {
  const reply = await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/projects/${project()}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  expect(reply.ok).toBe(true);
}

const roles = async (uid: string, token: string) => {
  const reply = await call('GET', `/api/users/users/${uid}`, { token });
  return reply.status === 200 ? (reply.body as { isAdmin: boolean; isModerator: boolean }) : reply.status;
};
const roster = (token: string) => call('GET', '/api/moderation/moderators', { token });

it('names an administrator by verified email, whose next sign-in reaches the administrators’ API; revoked, they are signed out', async () => {
  const account = await createAccount('operator');
  await call('POST', '/api/users', { token: account.idToken, body: { username: `op${Date.now().toString(36).slice(-8)}` } });

  // Unverified, the email names nobody: anyone can sign up with any address.
  const unverified = admin('grant', account.email);
  expect(unverified.status).toBe(2);
  expect(unverified.stderr).toContain(`${account.email} has not verified the address yet`);
  expect((await roster(account.idToken)).status).toBe(404);

  await verifyEmail(account.uid);
  const granted = admin('grant', account.email.toUpperCase());
  expect(granted.stdout).toContain(`${account.email} is now an administrator.`);
  expect(granted.status).toBe(0);
  // Granted twice is one change.
  expect(admin('grant', account.uid).stdout).toContain(`${account.email} is an administrator already.`);

  // A token minted before the grant does not carry it; the next sign-in's does.
  expect((await roster(account.idToken)).status).toBe(404);
  const after = await signIn(account.email, account.password);
  expect(await roles(account.uid, after)).toEqual(expect.objectContaining({ isAdmin: true, isModerator: true }));
  expect((await roster(after)).status).toBe(200);
  expect((await call('GET', '/api/moderation/queue', { token: after })).status).toBe(200);

  // Recorded as a moderator's changes are: who ran the command, when.
  const record = await Administrator.findById(account.uid).lean();
  expect(record).toMatchObject({
    email: account.email,
    active: true,
    history: [{ change: 'granted', by: expect.stringMatching(/^.+@.+$/) }],
  });
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(admin('list').stdout).toMatch(new RegExp(`^administrator +${escaped(account.email)} +${account.uid} +granted by `, 'm'));

  // A token from a sign-in before the revocation (whole seconds apart, as Firebase compares them) is refused after it.
  const earlier = await signedInAgo({ ...account, idToken: after }, 5);
  expect((await roster(earlier)).status).toBe(200);
  const revoked = admin('revoke', account.email);
  expect(revoked.stdout).toContain(`${account.email} is no longer an administrator, and is signed out everywhere.`);
  expect(revoked.status).toBe(0);
  expect((await call('GET', '/api/moderation/queue', { token: earlier })).status).toBe(404);
  expect(await roles(account.uid, earlier)).toBe(401);
  const later = await signIn(account.email, account.password);
  expect(await roles(account.uid, later)).toEqual(expect.objectContaining({ isAdmin: false, isModerator: false }));
  expect(admin('revoke', account.uid).stdout).toContain('is not an administrator this command named.');
  expect((await Administrator.findById(account.uid).lean())?.history.map((h) => h.change)).toEqual(['granted', 'revoked']);
}, 180_000);

it('says plainly what it cannot do: no such account, a usage mistake', () => {
  const missing = admin('grant', 'nobody-here@example.test');
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain('No account has the email nobody-here@example.test.');
  const usage = admin('promote', 'someone');
  expect(usage.status).toBe(2);
  expect(usage.stderr).toMatch(/^usage: npm run admin -- grant <email\|uid>/);
}, 60_000);
