import { expect, test } from '@playwright/test';

test('a visitor sees the ten hottest takes on the home page', async ({ page }) => {
  await page.goto('/');
  const takes = page.getByRole('list', { name: 'Takes' }).getByRole('listitem');
  await expect(takes).toHaveCount(10);
  await expect(takes.first().getByRole('heading')).not.toBeEmpty();
});
