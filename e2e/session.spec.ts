import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createTakeViaApi, emulatorToken, expectSignedIn, revokeSessions, signInThroughUi, signUpViaApi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

const SESSION = '__session';
const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION);

/** The take's card on its own page: its Like and Favorite buttons. */
const likeButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Like \d+$/ });
const favoriteButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Favorite(d)?$/ });

test('a fan signed in, with JavaScript off, finds their like, favorite, follow and unread count in the page', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const author = await signUpViaApi(request);
  const fan = await signUpViaApi(request);
  const take = await createTakeViaApi(request, author, `Rendered for the reader ${Date.now()}`);
  const authorization = { Authorization: `Bearer ${await emulatorToken(request, fan)}` };
  for (const actionType of ['like', 'favorite']) {
    expect((await request.post('/api/user-action', { headers: authorization, data: { actionType, postID: take._id } })).ok()).toBeTruthy();
  }
  expect((await request.post(`/api/users/${author.uid}/follow`, { headers: authorization })).ok()).toBeTruthy();

  // The sign-in form trades the ID token for the session cookie before it goes home.
  const signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await signInThroughUi(page, fan);
  const cookie = await sessionCookie(signedIn);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies([cookie!]);
  const reader = await noScript.newPage();
  expect((await reader.goto(`/takes/${take._id}`))?.status()).toBe(200);
  await expect(reader.getByRole('link', { name: `Your profile (${fan.username})` })).toBeVisible();
  await expect(likeButton(reader)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton(reader)).toHaveAccessibleName('Like 1');
  await expect(favoriteButton(reader)).toHaveText('Favorited');
  for (const viewport of VIEWPORTS) {
    await reader.setViewportSize(viewport);
    await saveScreen(reader, 'signed-in-no-js-take');
  }

  await reader.goto(`/profile/${author._id}`);
  await expect(reader.getByRole('button', { name: 'Following' })).toBeVisible();

  // The author's header counts the follow, and their own profile offers Account Settings, before any script.
  await signedIn.clearCookies();
  await page.goto('/sign-in');
  await signInThroughUi(page, author);
  const authorReader = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await authorReader.context().addCookies([(await sessionCookie(signedIn))!]);
  await authorReader.goto(`/profile/${author._id}`);
  await expect(authorReader.getByRole('link', { name: 'Notifications (1 unread)' })).toBeVisible();
  await expect(authorReader.getByRole('link', { name: 'Account Settings' })).toBeVisible();
});

test('a signed-in first paint is the hydrated page, and no request fetches the fan’s whole history', async ({ page, request }) => {
  const author = await signUpViaApi(request);
  const fan = await signUpViaApi(request);
  const take = await createTakeViaApi(request, author, `Painted as it is ${Date.now()}`);
  const authorization = { Authorization: `Bearer ${await emulatorToken(request, fan)}` };
  expect(
    (await request.post('/api/user-action', { headers: authorization, data: { actionType: 'like', postID: take._id } })).ok(),
  ).toBeTruthy();
  await signInThroughUi(page, fan);

  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  const response = await page.goto(`/takes/${take._id}`);
  // The HTML as it arrived, before any script ran: the like is already on.
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(/aria-pressed="true"[^>]*>(<[^>]+>)*<span class="visually-hidden">Like<\/span>/);
  await expectSignedIn(page, fan);
  await page.waitForLoadState('networkidle');
  // And after hydration and the identity provider's own check, it still is: nothing flipped.
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(favoriteButton(page)).toHaveText('Favorite');
  expect(requests.filter((p) => /^\/api\/user-action\/[^/]+$/.test(p) || p.startsWith('/api/receipts/votes/'))).toEqual([]);
});

test.describe('a visitor whose session cookie no longer names anyone', () => {
  test.use({ javaScriptEnabled: false });

  test('a forged cookie gets the anonymous page, no error, and the cookie cleared', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: SESSION, value: 'forged.session.cookie', url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
    expect((await page.goto('/'))?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hot takes' })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('the cookie of an account signed out everywhere gets the anonymous page, no error, and the cookie cleared', async ({
    browser,
    page,
    context,
    request,
  }) => {
    const fan = await signUpViaApi(request);
    const withScript = await browser.newContext({ javaScriptEnabled: true });
    await signInThroughUi(await withScript.newPage(), fan);
    const stale = await sessionCookie(withScript);
    expect(stale).toBeDefined();
    await revokeSessions(request, fan.uid);

    await context.addCookies([stale!]);
    expect((await page.goto('/trending'))?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Your profile/ })).toHaveCount(0);
    expect(await sessionCookie(context)).toBeUndefined();
  });
});
