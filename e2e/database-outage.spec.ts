import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount } from '../tests/support/emulator';
import { freePort, startApp, startLocalDb, stopTree, waitUntil } from '../tests/support/processes';
import { saveScreen, VIEWPORTS } from './support/screens';

// Its own database process and app server (as tests/isolated/outage.test.ts does), so stopping the database
// disturbs no other journey. The database is killed while a visitor is on the site, then started again.

const league = JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', 'roster.json'), 'utf8')) as {
  teams: { team_id: number; name: string }[];
  players: { player_id: number; name: string }[];
};
const player = { id: league.players[0]!.player_id, name: league.players[0]!.name };
const team = { id: league.teams[0]!.team_id, name: league.teams[0]!.name };

// Made in beforeAll: Playwright also loads this file in its runner process, which runs no hook to remove it.
let dir: string;
let port: number;
let db: ChildProcess;
let app: { url: string; child: ChildProcess };
let take: { _id: string; title: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(os.tmpdir(), 'takes-e2e-outage-'));
  port = await freePort();
  db = await startLocalDb(port, dir);
  const uri = `mongodb://127.0.0.1:${port}/takes-e2e-outage`;
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--reference-only'], {
    env: { ...process.env, MONGODB_URI: uri },
  });
  app = await startApp(uri);

  const account = await createAccount('outage');
  const headers = { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json' };
  const user = await fetch(`${app.url}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: `out${Date.now().toString(36).slice(-8)}` }),
  });
  expect(user.status).toBe(201);
  const body = {
    title: 'Still standing after the outage',
    description: 'Written before the database went away.',
    entityType: 'player',
    playerID: player.id,
    tags: [player.id],
  };
  const created = await fetch(`${app.url}/api/takes`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(created.status).toBe(201);
  take = await created.json();
});

test.afterAll(() => {
  if (app) stopTree(app.child);
  db?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function killDb() {
  db.kill('SIGKILL');
  await new Promise((resolve) => db.once('exit', resolve));
}

const databaseUp = async () =>
  (
    await fetch(`${app.url}/api/health`)
      .then((r) => r.json())
      .catch(() => null)
  )?.database === 'up';

test('each page shows its docs/product.md#messages error text while the database is down, and works again once it is back, without restarting the app', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The visitor is already on the site when the database dies.
  await page.goto(`${app.url}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await killDb();

  const pages = [
    {
      path: `/players/${player.id}`,
      error: 'Error fetching player data or takes.',
      working: page.getByRole('heading', { level: 1, name: player.name }),
    },
    {
      path: `/teams/nba/${team.id}`,
      error: 'Error fetching team data or takes.',
      working: page.getByRole('heading', { level: 1, name: team.name }),
    },
    // Not the default order: the header's link to / was prefetched, and so cached, while the database was up.
    { path: '/?sort=new', error: 'Error loading posts.', working: page.getByRole('link', { name: take.title }) },
    { path: `/takes/${take._id}`, error: 'Error fetching data.', working: page.getByRole('heading', { level: 1, name: take.title }) },
  ];
  for (const { path: urlPath, error } of pages) {
    await page.goto(`${app.url}${urlPath}`);
    await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible();
  }
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'take-page-database-down');
  }

  db = await startLocalDb(port, dir);
  await waitUntil(databaseUp, 30_000);

  // Retry on the take page, still showing its error, brings the take in place: the same document, no reload.
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pages[3]!.working).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Error fetching data.' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry)).toBe(true);

  for (const { path: urlPath, working } of pages.slice(0, 3)) {
    await page.goto(`${app.url}${urlPath}`);
    await expect(working).toBeVisible();
  }
});
