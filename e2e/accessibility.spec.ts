import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, newAccount, signInThroughUi, signUpViaApi } from './support/accounts';
import { VIEWPORTS } from './support/screens';

/**
 * The project's own accessibility run: axe-core on every page of the site (app/**\/page.tsx), at 390 and 1280 wide,
 * signed out and signed in (the moderation pages as an administrator, /create-username as an account with no username
 * yet), under WCAG 2.2 AA, every impact level failing the test. label-content-name-mismatch is one of axe's
 * experimental rules, on here by name. Beside axe, each page's aria-controls must name elements that are there: a
 * control that names a region it has not rendered yet points nowhere (the Nu HTML Checker's finding of issue #53).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Every violation on the page as it stands, as "path width rule: help (where)". */
async function audit(page: Page, path: string): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  // axe.run in the page itself: the site has no frames, and the default mode's extra blank page per run (to merge the
  // results of cross-origin frames) cost this file a quarter of its time and CPU.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ runOnly: { type: 'tag', values: TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const found = results.violations.map(
    (v) =>
      `${path} ${width} ${v.id} (${v.impact}): ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  const dangling = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-controls]')].flatMap((element) =>
      (element.getAttribute('aria-controls') ?? '')
        .split(/\s+/)
        .filter((id) => id && !document.getElementById(id))
        .map((id) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" controls #${id}`),
    ),
  );
  return [...found, ...dangling.map((d) => `${path} ${width} aria-controls names no element: ${d}`)];
}

/** Opens each path and audits it once it has settled, at each width in turn (the page laid out again, not reloaded). */
async function auditAll(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Two frames: the new width's layout and whatever the page's own scripts redraw for it.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      found.push(...(await audit(page, path)));
    }
  }
  return found;
}

type Ids = { take: string; author: string; game: number; final: number };
let ids: Ids;

test.beforeAll(async ({ request }) => {
  // The demo's top take, which no journey removes (they run beside these audits, and delete takes of their own).
  const [take] = await (await request.get('/api/takes?sort=top&limit=1')).json();
  const today = await (await request.get('/api/games')).json();
  // Yesterday's games are final, and their takes' calls settled: hits and misses, each in its own colour.
  const [final] = (await (await request.get(`/api/games?date=${today.previous}`)).json()).games;
  ids = { take: take._id, author: take.createdBy._id, game: today.games[0].id, final: final.id };
});

/** The pages anyone can open, with the lists and forms they show. */
const publicPaths = ({ take, author, game, final }: Ids) => [
  '/',
  '/?sort=top',
  '/feed',
  '/trending',
  '/trending?type=divisive',
  '/explore',
  '/receipts',
  '/callers',
  '/games',
  `/games/${game}`,
  `/games/${final}`,
  `/takes/${take}`,
  `/shareable-post/${take}`,
  `/profile/${author}`,
  '/players/2544',
  '/teams/1610612738',
  '/teams/nba/1610612738',
  '/topics/mvp-race',
  '/privacy',
  '/terms',
  '/sign-in',
  '/sign-up',
  '/no-such-page',
];

async function signedIn(browser: Browser, account: Parameters<typeof signInThroughUi>[1]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, account);
  return page;
}

test('every page a visitor can open, at 390 and 1280 wide, has no accessibility violation', async ({ page }) => {
  test.setTimeout(600_000);
  expect(await auditAll(page, publicPaths(ids))).toEqual([]);
});

test('every page a fan can open, at 390 and 1280 wide, has no accessibility violation, their own pages included', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const reader = await signUpViaApi(request);
  const fan = await signUpViaApi(request);
  // Something in their lists: a follow, which is a notification too.
  expect((await request.post(`/api/users/${reader.uid}/follow`, { headers: { Authorization: `Bearer ${fan.token}` } })).ok()).toBeTruthy();
  expect((await request.post(`/api/users/${fan.uid}/follow`, { headers: { Authorization: `Bearer ${reader.token}` } })).ok()).toBeTruthy();
  const page = await signedIn(browser, reader);
  const own = ['/notifications', '/?feed=following', '/account', `/profile/${reader._id}`];
  expect(await auditAll(page, [...own, ...publicPaths(ids)])).toEqual([]);
});

test('the moderation pages, for an administrator, and choosing a username have no accessibility violation', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, DEMO_ADMIN);
  expect(await auditAll(admin, ['/moderation', '/moderation/league'])).toEqual([]);

  // An account with no username yet is sent to choose one.
  const page = await (await browser.newContext()).newPage();
  const account = newAccount();
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/create-username');
  expect(await auditAll(page, ['/create-username'])).toEqual([]);
});

test('a take card opened for its comments names its comments region only once it is there', async ({ page }) => {
  // A card's comments load on a tap (components/take-card/take-card-footer.tsx): until then the button controls nothing.
  await page.goto('/?sort=new');
  const button = page.getByRole('button', { name: /^Comments/ }).first();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).not.toHaveAttribute('aria-controls');
  await button.click();
  await expect(button).toHaveAttribute('aria-controls', /.+/);
  const region = await button.getAttribute('aria-controls');
  await expect(page.locator(`[id="${region}"]`)).toBeVisible();
  expect(await audit(page, '/?sort=new (comments open)')).toEqual([]);
});
