import { expect, test, type Page } from '@playwright/test';
import { createTakeViaApi, DEMO_ADMIN, signInThroughUi, signUpViaApi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

const TEST_NOW = 'x-takes-test-now';
const DAY = 24 * 60 * 60 * 1000;

const REASONS = [
  'Spam or advertising',
  'Scam link or suspicious external link',
  'Off-topic: not about the NBA',
  'Duplicate post or repeated flooding',
];

const newestHas = async (page: Page, title: string) => {
  await page.goto('/?sort=new');
  return page.getByRole('heading', { level: 2, name: title }).count();
};

test('five fans report a take, it leaves the feed, its author sees why, and the moderator restores it', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const author = await signUpViaApi(request);
  const take = await createTakeViaApi(request, author, `Reported in the e2e run ${Date.now()}`);
  const visitor = await (await browser.newContext()).newPage();
  expect(await newestHas(visitor, take.title)).toBe(1);

  // Reporters in good standing, whose reports hide: they have taken part (a like), and report once their accounts are
  // old enough, days from now by the server's test clock.
  const reporters = await Promise.all(Array.from({ length: 5 }, () => signUpViaApi(request)));
  const later = { [TEST_NOW]: new Date(Date.now() + 4 * DAY).toISOString() };
  for (const fan of reporters) {
    const like = await request.post('/api/user-action', {
      headers: { Authorization: `Bearer ${fan.token}` },
      data: { actionType: 'like', postID: take._id },
    });
    expect(like.status()).toBe(200);
  }
  for (const [i, fan] of reporters.slice(0, 4).entries()) {
    const reply = await request.post(`/api/takes/${take._id}/report`, {
      headers: { Authorization: `Bearer ${fan.token}`, ...later },
      data: { reason: REASONS[i] },
    });
    expect(reply.status()).toBe(201);
  }
  // The fifth report comes through the card's Report dialog.
  const fifth = await (await browser.newContext()).newPage();
  await signInThroughUi(fifth, reporters[4]!);
  await fifth.context().setExtraHTTPHeaders(later);
  await fifth.goto(`/takes/${take._id}`);
  await fifth.getByRole('button', { name: 'Take options' }).click();
  await fifth.getByRole('menuitem', { name: 'Report' }).click();
  await fifth.getByRole('dialog', { name: 'Report Take' }).getByRole('textbox').fill('Harassing another fan in the description');
  await fifth.getByRole('dialog', { name: 'Report Take' }).getByRole('button', { name: 'Submit Report' }).click();
  await expect(fifth.getByText('Report submitted. Thank you!')).toBeVisible();

  // Gone for everyone else: the feed, and the take's own page is a 404.
  expect(await newestHas(visitor, take.title)).toBe(0);
  expect((await visitor.goto(`/takes/${take._id}`))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1, name: 'No take found' })).toBeVisible();
  await fifth.reload();
  await expect(fifth.getByRole('heading', { level: 1, name: 'No take found' })).toBeVisible();

  // The moderation queue is a 404 for a fan, as its API is.
  expect((await fifth.goto('/moderation'))?.status()).toBe(404);
  await expect(fifth.getByRole('heading', { name: 'Moderation queue' })).toHaveCount(0);

  // Its author still reads it, and why.
  const authorPage = await (await browser.newContext()).newPage();
  await signInThroughUi(authorPage, author);
  await authorPage.goto(`/takes/${take._id}`);
  const notice = authorPage.getByRole('note', { name: 'Hidden by moderators' });
  await expect(notice).toContainText('5 fans reported this take, so it is hidden automatically until a moderator reviews it.');
  await expect(authorPage.getByRole('heading', { level: 1, name: take.title })).toBeVisible();
  // And was told.
  await expect(authorPage.getByRole('link', { name: 'Notifications (1 unread)' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await authorPage.setViewportSize(viewport);
    await saveScreen(authorPage, 'hidden-take-author');
  }

  // The moderator finds it in the queue with its reports, and restores it.
  const admin = await (await browser.newContext()).newPage();
  await signInThroughUi(admin, DEMO_ADMIN);
  await admin.getByRole('link', { name: 'Moderation queue' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible();
  const item = admin.getByRole('listitem', { name: take.title });
  await expect(item).toContainText('Hidden automatically');
  await expect(item).toContainText('5 reports');
  await expect(item.getByRole('list', { name: `Reports on ${take.title}` }).getByRole('listitem')).toHaveCount(5);
  await expect(item).toContainText('Harassing another fan in the description');
  for (const viewport of VIEWPORTS) {
    await admin.setViewportSize(viewport);
    // The item's top just under the sticky header, its entity image loaded.
    await item.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await expect(item.locator('img').first()).toHaveJSProperty('complete', true);
    await saveScreen(admin, 'moderation-queue');
  }
  await item.getByRole('button', { name: 'Restore' }).click();
  await expect(admin.getByText('Reports dismissed.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'Recent actions' }).getByRole('listitem').first()).toContainText(
    `${DEMO_ADMIN.username} dismissed the reports on ${take.title}`,
  );

  expect(await newestHas(visitor, take.title)).toBe(1);
  expect((await visitor.goto(`/takes/${take._id}`))?.status()).toBe(200);
});

test('an administrator names a fan a moderator in /moderation, who then finds the queue; removed, the fan no longer does', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const fan = await signUpViaApi(request);
  const admin = await (await browser.newContext()).newPage();
  await signInThroughUi(admin, DEMO_ADMIN);
  await admin.goto('/moderation');
  const panel = admin.getByRole('region', { name: 'Moderators', exact: true });
  await panel.getByLabel('Add a moderator by username').fill(fan.username);
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect(admin.getByText(`@${fan.username} is now a moderator.`)).toBeVisible();
  const listed = panel.getByRole('list', { name: 'Moderators', exact: true }).getByRole('listitem').filter({ hasText: fan.username });
  await expect(listed).toContainText('added');
  await expect(panel.getByRole('list', { name: 'Changes to moderators' }).getByRole('listitem').first()).toContainText(
    `${fan.username} made a moderator`,
  );
  for (const viewport of VIEWPORTS) {
    await admin.setViewportSize(viewport);
    await panel.scrollIntoViewIfNeeded();
    await saveScreen(admin, 'moderators-panel');
  }
  // The new moderator's session data says so: the queue's API answers them.
  const queue = () => request.get('/api/moderation/queue', { headers: { Authorization: `Bearer ${fan.token}` } });
  expect((await queue()).status()).toBe(200);

  await panel.getByRole('button', { name: `Remove ${fan.username} as a moderator` }).click();
  await expect(admin.getByText('Moderator removed.')).toBeVisible();
  await expect(listed).toHaveCount(0);
  expect((await queue()).status()).toBe(404);
});
