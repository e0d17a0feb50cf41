import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { createTakeViaApi, newAccount, signUpThroughUi } from './support/accounts';
import { apiFan, apiReact, type Fan } from './support/fans';
import { takeCards } from './support/take-lists';

// Polls wait this long in these journeys instead of 20-60 s (lib/client/live.ts reads it in builds that use the emulator).
const POLL_MS = 400;
const LIVE_PATHS = /\/api\/(takes\/newest|takes\/[a-f0-9]{24}\/live|notifications\/unread)$/;

async function shortenPolls(context: BrowserContext) {
  await context.addInitScript((ms) => window.localStorage.setItem('takes:test-poll-ms', String(ms)), POLL_MS);
}

async function postTake(request: APIRequestContext, fan: Fan, title: string): Promise<{ _id: string; title: string }> {
  const [player] = await (await request.get('/api/players')).json();
  const response = await request.post('/api/takes', {
    headers: fan.headers,
    data: { title, description: 'Posted while someone else reads.', entityType: 'player', playerID: player.id, tags: [player.id] },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** The live polls a page sends, counted from the network. */
function countPolls(page: Page, path: RegExp = LIVE_PATHS) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (path.test(new URL(request.url()).pathname)) sent.count += 1;
  });
  return sent;
}

/** What a browser does when the tab goes to the background. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test.beforeEach(async ({ context }) => shortenPolls(context));

test('a take posted by another fan brings the New data available! banner to an open feed, and Refresh shows it', async ({
  page,
  request,
}) => {
  await page.goto('/?sort=new');
  const firstTitle = takeCards(page).first().getByRole('heading', { level: 2 });
  const before = await firstTitle.textContent();
  const author = await apiFan(request);
  const take = await postTake(request, author, `Live on the feed ${Date.now()}`);

  const banner = page.getByRole('status').filter({ hasText: 'New data available!' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  // Nothing moved under the reader: the list is as it was until they ask.
  await expect(firstTitle).toHaveText(before ?? '');
  await expect(page.getByRole('heading', { level: 2, name: take.title })).toHaveCount(0);

  await banner.getByRole('button', { name: 'Refresh' }).click();
  await expect(firstTitle).toHaveText(take.title);
  await expect(banner).toBeHidden();
});

test("another fan's like moves the open take page's count, and their comment offers Show 1 new comment", async ({ page, request }) => {
  const [author, liker] = await Promise.all([apiFan(request), apiFan(request)]);
  const take = await postTake(request, author, `Live counts ${Date.now()}`);
  await page.goto(`/takes/${take._id}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: take.title }) });
  await expect(card.getByRole('button', { name: 'Like 0', exact: true })).toBeVisible();
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet. Be the first!')).toBeVisible();

  await apiReact(request, liker, take._id, 'like');
  await expect(card.getByRole('button', { name: 'Like 1', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('100% liked', { exact: true })).toBeAttached();

  const posted = await request.post('/api/comments', {
    headers: liker.headers,
    data: { text: 'Posted while you were reading.', postID: take._id },
  });
  expect(posted.status()).toBe(201);
  const showNew = comments.getByRole('button', { name: 'Show 1 new comment' });
  await expect(showNew).toBeVisible({ timeout: 15_000 });
  // Counted, not shown: the list stays as the reader left it.
  await expect(comments.getByText('Posted while you were reading.')).toHaveCount(0);

  await showNew.click();
  await expect(comments.getByText('Posted while you were reading.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Comments 1' })).toBeVisible();
  await expect(showNew).toBeHidden();
});

test("reading notifications in one tab clears the bell in the fan's other tab", async ({ page, context, request }) => {
  const account = newAccount();
  await signUpThroughUi(page, account);
  const take = await createTakeViaApi(request, account, `Notify me ${Date.now()}`);
  const commenter = await apiFan(request);
  const posted = await request.post('/api/comments', {
    headers: commenter.headers,
    data: { text: 'You will hear of this.', postID: take._id },
  });
  expect(posted.status()).toBe(201);

  const bell = (tab: Page) => tab.getByRole('link', { name: /^Notifications/ }).first();
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });

  const other = await context.newPage();
  await other.goto('/notifications');
  await expect(other.getByText('You will hear of this.')).toBeVisible();
  await expect(bell(other)).toHaveAccessibleName('Notifications');
  // The first tab learns it at once, from the second, without asking the server.
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('a hidden tab sends no poll while a visible one keeps polling', async ({ page, context, request }) => {
  const author = await apiFan(request);
  const take = await postTake(request, author, `Hidden tab ${Date.now()}`);
  const feedPolls = countPolls(page);
  await page.goto('/?sort=new');
  await expect.poll(() => feedPolls.count, { timeout: 15_000 }).toBeGreaterThan(0);

  await hide(page);
  const visible = await context.newPage();
  const takePolls = countPolls(visible);
  await visible.goto(`/takes/${take._id}`);
  // By the visible tab's first poll, any poll the hidden tab sent before it was hidden has been reported.
  await expect.poll(() => takePolls.count, { timeout: 15_000 }).toBeGreaterThan(0);
  const hiddenSince = feedPolls.count;
  // Five more polls of the visible tab are five of the hidden tab's intervals: it sent none in them.
  await expect.poll(() => takePolls.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
  expect(feedPolls.count).toBe(hiddenSince);
});
