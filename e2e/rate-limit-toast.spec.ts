import { expect, test } from '@playwright/test';
import { createTakeViaApi, emulatorToken, expectSignedIn, newAccount, signUpThroughUi } from './support/accounts';

test.use({ viewport: { width: 390, height: 844 } });

test('a fan over the comment limit is told when to try again, even for a reply', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  const take = await createTakeViaApi(request, account, `Rate limit e2e ${Date.now()}`);
  const token = await emulatorToken(request, account);

  // Use up the minute's comments (RATE_LIMITS.comment) through the API, as a bot would.
  let posted = 0;
  for (;;) {
    const response = await request.post('/api/comments', {
      headers: { Authorization: `Bearer ${token}` },
      data: { text: `Comment ${posted + 1}`, postID: take._id },
    });
    if (response.status() === 429) break;
    expect(response.status()).toBe(201);
    posted += 1;
  }
  expect(posted).toBeGreaterThan(0);

  await page.goto(`/takes/${take._id}`);
  await expectSignedIn(page, account);
  const comments = page.getByRole('region', { name: 'Comments' });
  const comment = comments.getByRole('article', { name: `Comment by ${account.username}` }).filter({ hasText: `Comment ${posted}` });
  await comment.getByRole('button', { name: `Reply to ${account.username}` }).click();
  await comments.getByLabel(`Reply to @${account.username}`).fill('One more thought.');
  await comments.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Too many comments\. Please try again in \d+ seconds?\.$/ })).toBeVisible();
});
