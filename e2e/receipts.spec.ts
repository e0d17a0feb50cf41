import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';
import { apiFan, apiReact } from './support/fans';
import { saveScreen, VIEWPORTS } from './support/screens';
import { takeCards } from './support/take-lists';

const DAY = 24 * 60 * 60 * 1000;
/** The server's test clock (lib/clock.ts): every request of a context carries it. */
const TEST_NOW = 'x-takes-test-now';
const shortDate = (at: Date) => at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Moves both clocks, the browser's and the server's, to `at`. */
async function moveClocks(context: BrowserContext, page: Page, at: Date) {
  await context.setExtraHTTPHeaders({ [TEST_NOW]: at.toISOString() });
  await page.clock.setSystemTime(at);
}

test('a take with a check-back date comes due, other fans vote, and the verdict reaches the author’s record', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const author = newAccount();
  await signUpThroughUi(page, author);

  // Post a take with "In 30 days": the card says when its receipts are due.
  await page.getByRole('button', { name: 'Create +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Take' });
  const title = `Celtics repeat, book it ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Healthy core, best defense in the East. Come back in a month and tell me I was wrong.');
  const focus = dialog.getByRole('combobox', { name: 'Player or Team Focus' });
  await focus.fill('Boston Celtics');
  await dialog.getByRole('option', { name: /Boston Celtics/ }).click();
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const due = new Date(today.getTime() + 30 * DAY);
  const checkBack = dialog.getByLabel('Check back');
  await expect(checkBack.getByRole('option', { name: `In 30 days (${shortDate(due)})` })).toBeAttached();
  await checkBack.selectOption('30-days');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  const card = takeCards(page).first();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(card.getByText(`Receipts due ${shortDate(due)}`)).toBeVisible();
  const takeId = (await card.getByRole('heading', { level: 2 }).getByRole('link').getAttribute('href'))!.split('/').pop()!;
  const profilePath = (await card.getByRole('link', { name: author.username }).getAttribute('href'))!;

  // Before the date the room hates it: four dislikes, no likes.
  const doubters = await Promise.all(Array.from({ length: 4 }, () => apiFan(request)));
  for (const doubter of doubters) await apiReact(request, doubter, takeId, 'dislike');

  // A day after the date, in a browser whose clock and server clock both say so, another fan votes.
  const context = await browser.newContext({ viewport: VIEWPORTS[1] });
  const voterPage = await context.newPage();
  await voterPage.clock.install({ time: new Date(due.getTime() + DAY) });
  await moveClocks(context, voterPage, new Date(due.getTime() + DAY));
  const voter = newAccount();
  await signUpThroughUi(voterPage, voter);
  await voterPage.goto(`/takes/${takeId}`);
  await expectSignedIn(voterPage, voter);
  const take = voterPage.getByRole('article').filter({ has: voterPage.getByRole('heading', { level: 1, name: title }) });
  await expect(take.getByText('The receipts are in. Did this take age well?')).toBeVisible();
  const agedWell = take.getByRole('button', { name: /^Aged well \d+$/ });
  const answered = voterPage.waitForResponse((r) => r.url().endsWith(`/api/takes/${takeId}/receipt`));
  await agedWell.click();
  await expect(agedWell).toHaveAccessibleName('Aged well 1');
  expect((await answered).ok()).toBeTruthy();
  await expect(agedWell).toHaveAttribute('aria-pressed', 'true');
  await expect(take.getByText('1 aged well · 0 aged poorly · verdict at 10 votes')).toBeVisible();

  // Nine more fans agree, through the API at the same moment.
  const judges = await Promise.all(Array.from({ length: 9 }, () => apiFan(request)));
  for (const judge of judges) {
    const vote = await request.post(`/api/takes/${takeId}/receipt`, {
      headers: { ...judge.headers, [TEST_NOW]: new Date(due.getTime() + DAY).toISOString() },
      data: { vote: 'well' },
    });
    expect(vote.ok()).toBeTruthy();
  }

  // A week on, the verdict stands: it aged well, and since nobody liked it on the day, it was called.
  await moveClocks(context, voterPage, new Date(due.getTime() + 8 * DAY));
  await voterPage.reload();
  await expectSignedIn(voterPage, voter);
  await expect(take.getByText('Verdict: Aged well')).toBeVisible();
  await expect(take.getByText('Called it', { exact: true })).toBeVisible();
  await expect(take.getByText('10 aged well · 0 aged poorly')).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await voterPage.setViewportSize(viewport);
    await take.scrollIntoViewIfNeeded();
    await saveScreen(voterPage, 'receipt-resolved');
  }

  // The author's profile keeps the record, and its Receipts tab lists the take.
  await voterPage.goto(profilePath);
  const record = voterPage.getByRole('region', { name: 'Receipts record' });
  const stat = (label: string) =>
    record
      .locator('div')
      .filter({ has: voterPage.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  await expect(stat('Called it')).toHaveText('1');
  await expect(stat('Aged well')).toHaveText('1');
  await expect(stat('Aged poorly')).toHaveText('0');
  await expect(stat('Pending')).toHaveText('0');
  await voterPage.getByRole('link', { name: 'Receipts', exact: true }).click();
  await expect(voterPage).toHaveURL(/[?&]tab=receipts/);
  await expect(voterPage.getByRole('link', { name: 'Receipts', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(takeCards(voterPage).first().getByRole('heading', { level: 2 })).toHaveText(title);
  for (const viewport of VIEWPORTS) {
    await voterPage.setViewportSize(viewport);
    await voterPage.evaluate(() => window.scrollTo(0, 0));
    await saveScreen(voterPage, 'profile-receipts');
  }

  // On /receipts, the take is among the latest verdicts; the Explore screen links there.
  await voterPage.goto('/explore');
  await voterPage.getByRole('link', { name: /Receipts/ }).click();
  await expect(voterPage.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await expect(voterPage.getByRole('region', { name: 'Latest verdicts' }).getByRole('heading', { level: 2, name: title })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await voterPage.setViewportSize(viewport);
    await saveScreen(voterPage, 'receipts-page');
  }
  await context.close();

  // Back in the present, the author's own card still waits for its date.
  await page.goto(`/takes/${takeId}`);
  await expect(page.getByText(`Receipts due ${shortDate(due)}`)).toBeVisible();
});
