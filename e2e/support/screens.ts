import type { Page } from '@playwright/test';

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * Saves a screenshot under test-results/screens/, outside Playwright's own
 * output folder (emptied on every run), so the pictures stay for review.
 */
export async function saveScreen(page: Page, name: string) {
  const { width } = page.viewportSize() ?? { width: 0 };
  // Finished transitions: a dialog caught mid-fade would show the page through it.
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, animations: 'disabled' });
}
