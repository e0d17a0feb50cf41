import { expect, test, type Page } from '@playwright/test';
import { emulatorToken, expectSignedIn, newAccount, signUpThroughUi, signUpViaApi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';
import { takeCards } from './support/take-lists';

type Slate = { date: string; games: { id: number; away: { nickname: string }; home: { nickname: string } }[] };

const days = (page: Page) => page.getByRole('navigation', { name: 'Days' });

test('a fan opens /games in their own time zone, pages a day, opens a game of today and posts a take on it from its page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();

  // A first visit: the page knows no zone yet, learns the browser's and draws the slate in it.
  await page.goto('/games');
  await expect(page.getByText('Times in America/Los Angeles')).toBeVisible();
  await expect(days(page).getByRole('heading', { name: 'Today' })).toBeVisible();
  await days(page)
    .getByRole('link', { name: /^Next day, / })
    .click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await expect(days(page).getByRole('heading', { name: 'Tomorrow' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to today' }).click();
  await expect(days(page).getByRole('heading', { name: 'Today' })).toBeVisible();

  const account = newAccount();
  await signUpThroughUi(page, account);
  await page.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/games$/);
  const games = page.getByRole('list', { name: /^Games on / }).getByRole('link');
  await expect(games.first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'games-slate');
  }

  // Today's first game, as the fan's browser reads today.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const slate = (await (await page.request.get(`/api/games?date=${today}&tz=America/Los_Angeles`)).json()) as Slate;
  const game = slate.games[0]!;
  const matchup = `${game.away.nickname} @ ${game.home.nickname}`;
  await games.first().click();
  await expect(page).toHaveURL(new RegExp(`/games/${game.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(' at ');
  await expectSignedIn(page, account);

  const title = `Game night take ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Post a take on this game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Take' });
  await expect(dialog.getByRole('combobox', { name: 'Player or Team Focus' })).toHaveValue(matchup);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Filed from the game page, on the game itself.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const thread = page.getByRole('region', { name: /Game thread/ });
  const card = takeCards(thread).filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: matchup })).toHaveAttribute('href', `/games/${game.id}`);
  // The server's thread holds it too, and so do both teams' pages.
  await page.reload();
  await expect(takeCards(page.getByRole('region', { name: /Game thread/ })).first()).toContainText(title);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'game-page');
  }
  await page.getByRole('main').getByRole('link', { name: game.home.nickname, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // Create + offers today's games as a subject too.
  await page.getByRole('button', { name: 'Create +' }).click();
  await dialog.getByRole('combobox', { name: 'Player or Team Focus' }).click();
  await expect(dialog.getByRole('option', { name: new RegExp(`^${matchup} · .+ Game$`) })).toBeVisible();
  await context.close();
});

test('a fan shows their team beside their name on a card, and can turn it off', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  const teams = (await (await request.get('/api/teams')).json()) as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'Boston Celtics')!;
  await page.goto('/account');
  await page.getByLabel('Favorite team').selectOption({ label: team.name });
  await expect(page.getByText('Favorite team saved.')).toBeVisible();
  const show = page.getByRole('checkbox', { name: "Show my team's badge beside my name" });
  await expect(show).toBeChecked();

  const token = await emulatorToken(request, account);
  const created = await request.post('/api/takes', {
    headers: { Authorization: `Bearer ${token}`, 'x-forwarded-for': '10.37.0.9' },
    data: {
      title: `Flair take ${Date.now().toString(36)}`,
      description: 'Badge beside the name.',
      entityType: 'team',
      team: team.id,
      tags: [team.id],
    },
  });
  expect(created.status()).toBe(201);
  const take = (await created.json()) as { _id: string; title: string };
  await page.goto(`/takes/${take._id}`);
  const author = page
    .getByRole('article')
    .getByRole('link', { name: new RegExp(account.username) })
    .first();
  await expect(author.getByRole('img', { name: 'Celtics fan' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'card-flair');
  }

  await page.goto('/account');
  await show.uncheck();
  await expect(page.getByText('Your team badge is hidden.')).toBeVisible();
  await page.goto(`/takes/${take._id}`);
  await expect(page.getByRole('heading', { level: 1, name: take.title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Celtics fan' })).toHaveCount(0);
});

test("following a team puts its takes in Following; a visitor's Follow asks them to sign up", async ({ page, request }) => {
  test.setTimeout(120_000);
  const teams = (await (await request.get('/api/teams')).json()) as { id: number; name: string }[];
  const team = teams.find((t) => t.name === 'Denver Nuggets')!;

  await page.goto(`/teams/nba/${team.id}`);
  await page.getByRole('button', { name: `Follow ${team.name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Create an account!' })).toBeVisible();

  const account = newAccount();
  await signUpThroughUi(page, account);
  await page.goto(`/teams/nba/${team.id}`);
  await expectSignedIn(page, account);
  await page.getByRole('button', { name: `Follow ${team.name}` }).click();
  await expect(page.getByRole('button', { name: `Following ${team.name}` })).toBeVisible();

  const author = await signUpViaApi(request);
  const title = `About the followed team ${Date.now().toString(36)}`;
  const created = await request.post('/api/takes', {
    headers: { Authorization: `Bearer ${author.token}`, 'x-forwarded-for': '10.37.0.11' },
    data: { title, description: 'Their takes join the tab.', entityType: 'team', team: team.id, tags: [team.id] },
  });
  expect(created.status()).toBe(201);

  await page.goto('/?feed=following');
  await expectSignedIn(page, account);
  await expect(takeCards(page).filter({ has: page.getByRole('heading', { level: 2, name: title }) })).toBeVisible();

  // Followed again after a reload, the button reads as the server rendered it.
  await page.goto(`/teams/nba/${team.id}`);
  await expectSignedIn(page, account);
  await expect(page.getByRole('button', { name: `Following ${team.name}` })).toBeVisible();
});
