import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createTakeViaApi, expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';

test.use({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });

test('a new fan reacts, comments, replies, favorites, shares, reports and deletes their own take', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  const take = await createTakeViaApi(request, account, `My e2e take ${Date.now()}`);

  await page.goto(`/takes/${take._id}`);
  await expectSignedIn(page, account);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1, name: take.title }) });
  const like = card.getByRole('button', { name: /^Like \d+$/ }).first();
  const dislike = card.getByRole('button', { name: /^Dislike \d+$/ }).first();

  // Like, then switch to dislike: the counts move at once and the server agrees.
  await like.click();
  await expect(like).toHaveAccessibleName('Like 1');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('100% liked', { exact: true })).toBeAttached();
  await dislike.click();
  await expect(dislike).toHaveAccessibleName('Dislike 1');
  await expect(like).toHaveAccessibleName('Like 0');
  await expect(card.getByText('0% liked', { exact: true })).toBeAttached();
  // Tapping the active reaction on a take changes nothing.
  await dislike.click();
  await expect(dislike).toHaveAccessibleName('Dislike 1');

  // Comment, then reply to it: the reply is tagged with the person it answers.
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No comments yet. Be the first!')).toBeVisible();
  await comments.getByLabel('Add a comment').fill('   Bold call, but I am here for it.   ');
  await comments.getByRole('button', { name: 'Post' }).click();
  const comment = comments.getByRole('article', { name: `Comment by ${account.username}` });
  await expect(comment).toContainText('Bold call, but I am here for it.');
  await expect(card.getByRole('button', { name: 'Comments 1' })).toBeVisible();

  await comment.getByRole('button', { name: `Reply to ${account.username}` }).click();
  await comments.getByLabel(`Reply to @${account.username}`).fill('Replying to myself, as one does.');
  await comments.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = comments.getByRole('article', { name: `Reply by ${account.username}` });
  await expect(reply).toContainText(`@${account.username} Replying to myself, as one does.`);
  await expect(comment.getByRole('button', { name: 'Hide replies' })).toBeVisible();

  // A comment's active reaction clears when tapped again.
  const commentLike = reply.getByRole('button', { name: /^Like \d+$/ });
  await commentLike.click();
  await expect(commentLike).toHaveAccessibleName('Like 1');
  await commentLike.click();
  await expect(commentLike).toHaveAccessibleName('Like 0');

  // Favorite survives a reload: the user's actions are read back once per session.
  await card.getByRole('button', { name: 'Favorite', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Favorited' })).toBeVisible();
  await page.reload();
  await expectSignedIn(page, account);
  await expect(card.getByRole('button', { name: 'Favorited' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Dislike \d+$/ }).first()).toHaveAttribute('aria-pressed', 'true');

  // Save Image downloads the 1080×1920 story image, named by take id and a timestamp.
  await card.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share Post' });
  const saving = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Save Image' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toMatch(new RegExp(`^take-${take._id}-\\d{13}\\.png$`));
  const png = readFileSync(await saved.path());
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920]);
  await expect(share.getByRole('status')).toHaveText('Image saved!');
  await expect(share).toBeHidden();

  // Copy Link puts the take's address on the clipboard and the popup closes itself.
  await card.getByRole('button', { name: 'Share' }).click();
  await share.getByRole('button', { name: 'Copy Link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied to clipboard!');
  await expect(share).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL ?? '').origin}/takes/${take._id}`);

  // Report: the button waits for a reason and the counter follows it.
  await card.getByRole('button', { name: 'Take options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report Take' });
  await expect(report.getByRole('button', { name: 'Submit Report' })).toBeDisabled();
  await report.getByRole('textbox').fill('Just testing');
  await expect(report.getByText('12/400 characters')).toBeVisible();
  await report.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByText('Report submitted. Thank you!')).toBeVisible();

  // Delete: only the author is offered it; afterwards the take is gone.
  await card.getByRole('button', { name: 'Take options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page.getByRole('dialog', { name: 'Delete Take' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Post deleted.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`/takes/${take._id}`);
  await expect(page.getByRole('heading', { name: 'No take found' })).toBeVisible();
});

test('a signed-in fan likes a take in the feed and is offered no Delete on others’ takes', async ({ page }) => {
  await signUpThroughUi(page, newAccount());
  const card = page.getByRole('list', { name: 'Takes' }).locator(':scope > li').first();
  const like = card.getByRole('button', { name: /^Like \d+$/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const count = Number((await like.textContent())?.replace(/\D/g, ''));
  await like.click();
  await expect(like).toHaveAccessibleName(`Like ${count + 1}`);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Take options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete Post' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});
