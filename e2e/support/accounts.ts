import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Account = { email: string; password: string; username: string };

/**
 * A fresh account per test: usernames are 4-15 characters and start with a letter. Journeys make several in one
 * millisecond (Promise.all), so the part after the time is four random base-36 digits, not two: with two, five
 * accounts at once shared an email about once in a hundred runs, and the emulator refused the second sign-up.
 */
export function newAccount(): Account {
  const suffix = `${Date.now().toString(36).slice(-6)}${randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
  return { email: `e2e-${suffix}@takes.test`, password: 'e2e-password-1', username: `fan${suffix}` };
}

/** Signs up through the UI: /sign-up → /create-username → / (docs/product.md#interactions), and waits until the header knows the user. */
export async function signUpThroughUi(page: Page, account: Account) {
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/create-username');
  await page.getByLabel('Username').fill(account.username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expectSignedIn(page, account);
}

/** Actions are ignored while the session is still loading (as Create + is), so journeys wait for it after each load. */
export async function expectSignedIn(page: Page, account: Account) {
  await expect(page.getByRole('link', { name: `Your profile (${account.username})` })).toBeVisible();
}

const emulatorHost = () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  return host;
};

async function identityToolkit(request: APIRequestContext, call: string, data: object) {
  const response = await request.post(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=demo-api-key`, {
    data: { ...data, returnSecureToken: true },
  });
  expect(response.ok(), `${call}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { idToken: string; localId: string };
}

/** An ID token for an emulator account, for calls the UI does not offer in this journey. */
export async function emulatorToken(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  return (await identityToolkit(request, 'signInWithPassword', { email: account.email, password: account.password })).idToken;
}

/**
 * Creates an emulator account and returns a sign-in's token for it, not the
 * sign-up's, whose sign-in time can read as before the account's own
 * tokens-valid-after time (tests/support/emulator.ts, createAccount).
 */
export async function emulatorSignUp(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  const { localId: uid } = await identityToolkit(request, 'signUp', { email: account.email, password: account.password });
  return { uid, token: await emulatorToken(request, account) };
}

/** A private-network address of a fan's own, as the proxy in front of the e2e server would append it. */
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Creates a take about the first listed player as `account`, through the API. */
export async function createTakeViaApi(request: APIRequestContext, account: Account, title: string) {
  const players = await (await request.get('/api/players')).json();
  const player = players[0];
  // From an address of its own, as real fans post: the per-address take limit is not what these journeys are about,
  // and every call without one shares the address Next stamps on it (127.0.0.1).
  const response = await request.post('/api/takes', {
    headers: { Authorization: `Bearer ${await emulatorToken(request, account)}`, 'x-forwarded-for': randomAddress() },
    data: { title, description: 'Written by the end-to-end journey.', entityType: 'player', playerID: player.id, tags: [player.id] },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { _id: string; title: string };
}

/** Signs an existing account in through the UI (/sign-in → /), and waits until the header knows the user. */
export async function signInThroughUi(page: Page, account: Account) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expectSignedIn(page, account);
}

/** The demo moderator the seed makes (scripts/seed-lib/social-data.ts); its uid is an admin under npm test. */
export const DEMO_ADMIN: Account = { email: 'admin@takes.test', password: 'takes-demo-1', username: 'commish' };

/** A fan made through the emulator and the API, for journeys that need many of them but watch none sign up. */
export async function signUpViaApi(request: APIRequestContext): Promise<Account & { token: string; uid: string; _id: string }> {
  const account = newAccount();
  const { uid, token } = await emulatorSignUp(request, account);
  // From an address of its own, as real fans sign up: the per-address sign-up limit is not what these journeys are about.
  const address = randomAddress();
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}`, 'x-forwarded-for': address },
    data: { username: account.username },
  });
  expect(created.status()).toBe(201);
  return { ...account, token, uid, _id: ((await created.json()) as { _id: string })._id };
}

/**
 * Signs an account out everywhere (as revoking its refresh tokens does) as of a
 * few seconds from now: Firebase compares whole seconds, and a journey must not
 * sleep past a sign-in's second to see the revocation take.
 */
export async function revokeSessions(request: APIRequestContext, uid: string) {
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
  const response = await request.post(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`, {
    headers: { Authorization: 'Bearer owner' },
    data: { localId: uid, validSince: String(Math.floor(Date.now() / 1000) + 5) },
  });
  expect(response.ok()).toBeTruthy();
}
