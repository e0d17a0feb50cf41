import type { Page } from '@playwright/test';

/** A count on a profile page, read from its <dt>/<dd> pair. */
export const profileCount = (page: Page, label: 'Followers' | 'Following' | 'Posts') =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');
