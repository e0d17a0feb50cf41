import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughUi, type Account } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

/** The demo account (scripts/seed-lib/demo-data.ts), whose closed receipts the seed scored for Callers. */
const DEMO: Account = { email: 'demo@takes.test', password: 'takes-demo-1', username: 'hoopsoracle' };

test('a fan reads that their receipts were scored; the moderator sees the Callers verdicts to look at', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const viewport of VIEWPORTS) {
    const fan = await (await browser.newContext({ viewport })).newPage();
    await signInThroughUi(fan, DEMO);
    await fan.goto('/notifications');
    const scored = fan.getByRole('link', { name: /^Your receipt .+ was scored: (Aged well|Aged poorly|Too close to call), / }).first();
    await expect(scored).toBeVisible();
    await saveScreen(fan, `callers-notifications-${viewport.name}`);
    await scored.click();
    await fan.waitForURL(/\/takes\/[0-9a-f]{24}$/);

    const admin = await (await browser.newContext({ viewport })).newPage();
    await signInThroughUi(admin, DEMO_ADMIN);
    await admin.goto('/moderation');
    const section = admin.getByRole('region', { name: 'Callers verdicts decided by followers' });
    await expect(section).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await saveScreen(admin, `callers-moderation-${viewport.name}`);
  }
});
