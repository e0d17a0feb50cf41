import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Chromium's own installability check (what Lighthouse's installable-manifest audit reported): the manifest
// parses, its icons load, and nothing stands in the way of installing the site. No service worker is needed.
test('Chromium finds the site installable from its web app manifest', async ({ playwright, baseURL }) => {
  // Chromium never offers to install from an incognito profile, which is what a test's context is; use a real one.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'takes-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    // The check fetches the icons, so it is asked again until the page has settled.
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
