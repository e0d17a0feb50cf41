import { randomUUID } from 'node:crypto';

const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests with npm test');
  return value;
};

export type TestAccount = { uid: string; email: string; password: string; idToken: string };

const identityToolkit = async (call: string, body: object) => {
  const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const data = (await response.json()) as { idToken: string; localId: string };
  if (!response.ok) throw new Error(`emulator ${call} failed: ${JSON.stringify(data)}`);
  return data;
};

/**
 * Creates a fresh account in the auth emulator and signs it in. The token is
 * a sign-in's, not the sign-up's: the emulator stamps a new account's
 * sign-in time before its tokens-valid-after time, and when a second boundary
 * falls between the two (a busy machine makes that likely) the sign-up's own
 * token reads as revoked to a revocation check.
 */
export async function createAccount(prefix = 'user'): Promise<TestAccount> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'test-password-1';
  const { localId } = await identityToolkit('signUp', { email, password });
  const { idToken } = await identityToolkit('signInWithPassword', { email, password });
  return { uid: localId, email, password, idToken };
}

/** Rewrites claims of an (unsigned) emulator token: expired, wrong audience and so on. */
export function tamperToken(token: string, claims: Record<string, unknown>, header?: Record<string, unknown>): string {
  const [h = '', p = ''] = token.split('.');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ ...decode(h), ...header })}.${encode({ ...decode(p), ...claims })}.`;
}

export async function deleteAccount(idToken: string): Promise<void> {
  await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
}

/**
 * Signs an account out everywhere, as firebase-admin's revokeRefreshTokens
 * does, but as of a few seconds from now: Firebase compares whole seconds, so a
 * revocation in the same second as the sign-in would not reach it, and a test
 * must not sleep to get past that second.
 */
export async function revokeSessions(uid: string): Promise<void> {
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
  const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) + 5) }),
  });
  if (!response.ok) throw new Error(`emulator revocation failed: ${response.status} ${await response.text()}`);
}

/**
 * The account's ID token as if it had signed in `seconds` ago: Firebase compares
 * whole seconds, so a sign-out must follow the sign-in by one at least to reach
 * it, and a test must not sleep for that. The account's own revocation time
 * (its creation) moves back with it, else such a sign-in would count as revoked.
 */
export async function signedInAgo(account: TestAccount, seconds: number): Promise<string> {
  const at = Math.floor(Date.now() / 1000) - seconds;
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
  const response = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: account.uid, validSince: String(at - 1) }),
  });
  if (!response.ok) throw new Error(`emulator update failed: ${response.status} ${await response.text()}`);
  return tamperToken(account.idToken, { auth_time: at });
}
