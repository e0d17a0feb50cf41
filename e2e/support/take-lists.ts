import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The take cards of a list rendered by TakeList (a list named "Takes"). */
export const takeCards = (scope: Page | Locator) => scope.getByRole('list', { name: 'Takes' }).locator(':scope > li');

/** The titles shown, in order; an empty list (the empty text instead) gives []. */
export async function shownTitles(scope: Page | Locator): Promise<string[]> {
  return takeCards(scope).getByRole('heading', { level: 2 }).allTextContents();
}

/** The titles the API answers for the same view, to compare the server-rendered page with. */
export async function apiTitles(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { title: string }[]).map((take) => take.title);
}

/** Waits until the page shows exactly `expected` (an empty list shows the empty text). */
export async function expectTitles(scope: Page | Locator, expected: string[], emptyText: string) {
  if (expected.length === 0) {
    await expect(scope.getByText(emptyText, { exact: true })).toBeVisible();
    return;
  }
  await expect.poll(() => shownTitles(scope)).toEqual(expected);
}
