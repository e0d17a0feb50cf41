import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const ROUTES = ['/', '/feed', '/trending', '/explore', '/sign-in', '/sign-up', '/privacy', '/terms', '/players/2544', '/teams/nba/1610612738', '/topics/mvp-race', '/no-such-page'];

for (const path of ROUTES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    expect(blocking).toEqual([]);
  });
}

test('a take page and a profile page have no serious or critical accessibility violation', async ({ page, request }) => {
  const [take] = await (await request.get('/api/takes?limit=1')).json();
  for (const path of [`/takes/${take._id}`, `/profile/${take.createdBy._id}`, `/shareable-post/${take._id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path} ${v.id}: ${v.help}`);
    expect(blocking).toEqual([]);
  }
});
