import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, emulatorToken, signInThroughUi, signUpViaApi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

const roster = JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', 'roster.json'), 'utf8')) as {
  teams: { team_id: number; name: string }[];
  players: { player_id: number; name: string; team_id: number }[];
};
const teamName = (id: number) => roster.teams.find((t) => t.team_id === id)!.name;

// Players near the end of the shipped roster, which no other journey uses: one traded at each width.
const JOURNEYS = VIEWPORTS.map((viewport, i) => {
  const player = roster.players[roster.players.length - 1 - i * 3]!;
  const to = roster.teams.find((t) => t.team_id !== player.team_id && t.name > 'M')!;
  return { viewport, player, from: { id: player.team_id, name: teamName(player.team_id) }, to: { id: to.team_id, name: to.name } };
});

for (const { viewport, player, from, to } of JOURNEYS) {
  test(`at ${viewport.width} wide, the moderator trades ${player.name} in the league console; a take posted before keeps ${from.name}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const fan = await signUpViaApi(request);
    const title = `Before the trade ${Date.now().toString(36)}`;
    const posted = await request.post('/api/takes', {
      headers: { Authorization: `Bearer ${await emulatorToken(request, fan)}`, 'x-forwarded-for': `10.9.${viewport.width % 250}.7` },
      data: {
        title,
        description: 'He is the piece that fits here.',
        entityType: 'player',
        playerID: player.player_id,
        tags: [player.player_id],
      },
    });
    expect(posted.status()).toBe(201);
    const take = (await posted.json()) as { _id: string };

    const page = await (await browser.newContext({ viewport })).newPage();
    await signInThroughUi(page, DEMO_ADMIN);
    await page.getByRole('link', { name: 'Moderation queue' }).click();
    await page.getByRole('link', { name: 'League console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'League console' })).toBeVisible();

    // Find him by a word of his name and his team, then trade him from today.
    const lastWord = player.name.split(' ').at(-1)!;
    await page.getByLabel('Name').fill(lastWord);
    await page.getByLabel('Team', { exact: true }).selectOption({ label: from.name });
    await page
      .getByRole('list', { name: 'Players found' })
      .getByRole('button', { name: new RegExp(`^${player.name}`) })
      .click();
    const trade = page.getByRole('form', { name: `Trade ${player.name}` });
    await trade.getByLabel('New team').selectOption({ label: to.name });
    await trade.getByLabel('From').fill(new Date().toISOString().slice(0, 10));
    await trade.getByRole('button', { name: 'Trade' }).click();
    await expect(page.getByText(`${player.name} moved to ${to.name}.`)).toBeVisible();
    const teams = page.getByRole('list', { name: `${player.name}'s teams` });
    await expect(teams.getByRole('listitem').first()).toContainText(to.name);
    await expect(teams.getByRole('listitem').nth(1)).toContainText(from.name);
    await saveScreen(page, 'league-console-trade');

    // The log has it, with who made it.
    await page.getByRole('tab', { name: 'Log' }).click();
    const entry = page.getByRole('list', { name: 'League changes, newest first' }).getByRole('listitem').first();
    await expect(entry).toContainText(player.name);
    await expect(entry).toContainText(`${from.name} → ${to.name}`);
    await expect(entry).toContainText(`${DEMO_ADMIN.username} in the console`);
    await saveScreen(page, 'league-console-log');
    // The other tabs, as a moderator finds them: the demo's schedule around today, and the import's form.
    await page.getByRole('tab', { name: 'Games' }).click();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await saveScreen(page, 'league-console-games');
    await page.getByRole('tab', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Import league files' })).toBeVisible();
    await saveScreen(page, 'league-console-import');

    // His page names the new team, and the old one as a former team.
    await page.goto(`/players/${player.player_id}`);
    await expect(page.getByRole('heading', { level: 1, name: player.name })).toBeVisible();
    await expect(page.getByRole('link', { name: to.name }).first()).toBeVisible();
    await expect(page.getByText('Formerly')).toBeVisible();
    await saveScreen(page, 'league-player-page');

    // The take posted before keeps the old team, on its card and on that team's page.
    await page.goto(`/takes/${take._id}`);
    await expect(page.getByRole('link', { name: from.name })).toBeVisible();
    await page.goto(`/teams/nba/${from.id}?sort=newest`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await page.getByRole('heading', { level: 2, name: title }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'league-old-team-page');
    await page.goto(`/teams/nba/${to.id}?sort=newest`);
    await expect(page.getByRole('heading', { level: 1, name: to.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
  });
}
