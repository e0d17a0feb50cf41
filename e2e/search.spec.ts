import { expect, test } from '@playwright/test';

test('the header search finds a take, a player and a team', async ({ page, request }) => {
  const [take] = (await (await request.get('/api/takes?limit=1')).json()) as { _id: string; title: string }[];

  await page.goto('/trending');
  const open = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    return page.getByRole('dialog', { name: 'Search' });
  };

  let search = await open();
  const input = search.getByPlaceholder('Search players, teams, takes...');
  await input.fill(take!.title);
  const takeResult = search.getByRole('region', { name: 'Take' }).getByRole('link', { name: take!.title });
  await expect(takeResult).toBeVisible();
  await expect(takeResult.locator('mark').first()).toBeVisible();
  await takeResult.click();
  await expect(page).toHaveURL(new RegExp(`/takes/${take!._id}$`));

  search = await open();
  await search.getByRole('searchbox').fill('jokić');
  const player = search.getByRole('region', { name: 'Player' }).getByRole('link', { name: 'Nikola Jokić' });
  await expect(player).toHaveAttribute('href', /^\/players\/\d+$/);

  await search.getByRole('searchbox').fill('celtics');
  const team = search.getByRole('region', { name: 'Team' }).getByRole('link', { name: 'Boston Celtics' });
  await expect(team).toHaveAttribute('href', /^\/teams\/nba\/\d+$/);
  await team.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boston Celtics' })).toBeVisible();

  search = await open();
  await search.getByRole('searchbox').fill('zzzz no such thing');
  await expect(search.getByText('No results found')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});
