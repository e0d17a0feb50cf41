import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';

test('uploading a profile picture changes the avatar in the header and on the profile', async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  const headerLink = page.getByRole('link', { name: `Your profile (${account.username})` });
  await expect(headerLink.locator('img')).toHaveCount(0);

  await headerLink.click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
  await expect(main.locator('img[src*="/media/avatars/"]')).toHaveCount(0);
  await main.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#ff7a1a' } })
    .composite([{ input: Buffer.from('<svg width="320" height="320"><circle cx="160" cy="160" r="90" fill="#0b0f17"/></svg>') }])
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const upload = page.getByRole('button', { name: 'Upload' });
  await upload.click();
  await expect(upload).toBeHidden();

  await page.getByRole('button', { name: 'Back to profile' }).click();
  await expectSignedIn(page, account);
  await expect(headerLink.locator('img')).toHaveAttribute('src', /\/media\/avatars\/[a-f0-9]{24}$/);
  const picture = main.locator('img[src*="/media/avatars/"]');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
