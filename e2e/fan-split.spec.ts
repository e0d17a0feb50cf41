import { expect, test } from '@playwright/test';
import { expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';
import { apiFan, apiReact } from './support/fans';
import { saveScreen, VIEWPORTS } from './support/screens';

test('a fan picks a favorite team, and their like brings the Celtics fans’ split onto a Celtics take', async ({ page, request }) => {
  test.setTimeout(150_000);
  const teams: { id: number; name: string }[] = await (await request.get('/api/teams')).json();
  const celtics = teams.find((t) => t.name === 'Boston Celtics')!;

  const account = newAccount();
  await signUpThroughUi(page, account);
  await page.goto('/account');
  const picker = page.getByLabel('Favorite team');
  await expect(picker).toHaveValue('');
  await picker.selectOption({ label: 'Boston Celtics' });
  await expect(page.getByRole('status').filter({ hasText: 'Favorite team saved.' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'account-favorite-team');
  }
  await page.reload();
  await expect(page.getByLabel('Favorite team')).toHaveValue(String(celtics.id));
  await page.getByRole('button', { name: 'Back to profile' }).click();
  await expect(page.getByText('Boston Celtics fan')).toBeVisible();

  // A Celtics take: four Celtics fans hate it, three other fans like it.
  const poster = await apiFan(request);
  const title = `The Celtics should blow it up ${Date.now().toString(36)}`;
  const created = await request.post('/api/takes', {
    headers: poster.headers,
    data: { title, description: 'The window closed. Sell high and restart.', entityType: 'team', team: celtics.id, tags: [celtics.id] },
  });
  expect(created.status()).toBe(201);
  const takeId = (await created.json())._id as string;
  const [fans, others] = await Promise.all([
    Promise.all(Array.from({ length: 4 }, () => apiFan(request, celtics.id))),
    Promise.all(Array.from({ length: 3 }, () => apiFan(request))),
  ]);
  for (const fan of fans) await apiReact(request, fan, takeId, 'dislike');
  for (const other of others) await apiReact(request, other, takeId, 'like');

  await page.goto(`/takes/${takeId}`);
  await expectSignedIn(page, account);
  const take = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
  await expect(take.getByRole('button', { name: 'Like 3', exact: true })).toBeVisible();
  // Four fans are not enough to speak for a fan base.
  await expect(take.getByText(/Celtics fans/)).toHaveCount(0);

  // The fifth Celtics fan likes it.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/user-action') && r.request().method() === 'POST');
  await take.getByRole('button', { name: 'Like 3', exact: true }).click();
  await expect(take.getByRole('button', { name: 'Like 4', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The count moved on screen at once; the split is the server's, read once it has answered.
  expect((await answered).ok()).toBeTruthy();
  await page.reload();
  await expect(take.getByText('Celtics fans 20% · everyone 50%')).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'fan-split');
  }

  // Trending's divisive view ranks teams by how far their fans stand from everyone.
  await page.goto('/trending');
  const topics = page.getByRole('region', { name: 'Trending Topics' });
  await topics.getByRole('radio', { name: 'Divisive' }).check();
  await expect(page).toHaveURL(/[?&]type=divisive/);
  await expect(topics.getByRole('radio', { name: 'All Time' })).toHaveCount(0);
  const celticsRow = topics.getByRole('listitem').filter({ hasText: 'Boston Celtics' });
  await expect(celticsRow.getByText(/^Celtics fans \d+% · everyone \d+%$/)).toBeVisible();
  await expect(celticsRow.getByRole('link')).toHaveAttribute('href', `/teams/nba/${celtics.id}`);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'trending-divisive');
  }
});
