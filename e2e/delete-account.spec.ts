import { expect, test } from '@playwright/test';
import { createTakeViaApi, signInThroughUi, signUpViaApi } from './support/accounts';
import { profileCount } from './support/profile';
import { saveScreen, VIEWPORTS } from './support/screens';

for (const viewport of VIEWPORTS) {
  test(`a fan deletes their account: their profile is a 404, their takes are gone and others' counts are right (${viewport.width} wide)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const [leaver, other] = await Promise.all([signUpViaApi(request), signUpViaApi(request)]);
    const leaverAuth = { Authorization: `Bearer ${leaver.token}` };
    const own = await createTakeViaApi(request, leaver, `Leaving take ${Date.now()}`);
    const theirs = await createTakeViaApi(request, other, `Staying take ${Date.now()}`);
    const leaverId = (await (await request.get(`/api/takes/${own._id}`)).json()).createdBy._id as string;
    const otherId = (await (await request.get(`/api/takes/${theirs._id}`)).json()).createdBy._id as string;
    for (const data of [
      { actionType: 'like', postID: theirs._id },
      { actionType: 'favorite', postID: theirs._id },
    ]) {
      expect((await request.post('/api/user-action', { headers: leaverAuth, data })).ok()).toBeTruthy();
    }
    expect((await request.post('/api/comments', { headers: leaverAuth, data: { text: 'Soon gone', postID: theirs._id } })).status()).toBe(
      201,
    );
    expect((await request.post(`/api/users/${other.uid}/follow`, { headers: leaverAuth })).ok()).toBeTruthy();

    const page = await (await browser.newContext({ viewport })).newPage();
    await signInThroughUi(page, leaver);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
    // The sections under the picture and team: the block lists, the download and, at the foot, the delete.
    await page
      .getByRole('heading', { level: 2, name: 'Blocked and muted' })
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 16));
    await saveScreen(page, 'account-sections');
    await page.getByRole('button', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'account-delete-section');

    // Download my data: one JSON file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^takes-${leaver.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
    expect(data.profile.username).toBe(leaver.username);
    expect(data.takes.map((t: { _id: string }) => t._id)).toEqual([own._id]);
    expect(data.comments).toHaveLength(1);

    // Delete: the button waits for the username, typed.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: `Type ${leaver.username} to confirm` }).fill(leaver.username);
    await expect(confirm).toBeEnabled();
    await saveScreen(page, 'account-delete-confirm');
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();

    // For everyone: the profile is a 404, the take is gone, and the other fan's counts are back.
    const visitor = await (await browser.newContext({ viewport })).newPage();
    expect((await visitor.goto(`/profile/${leaverId}`))?.status()).toBe(404);
    expect((await visitor.goto(`/takes/${own._id}`))?.status()).toBe(404);
    await visitor.goto('/?sort=new');
    await expect(visitor.getByRole('heading', { level: 2, name: own.title })).toHaveCount(0);
    await expect(visitor.getByRole('heading', { level: 2, name: theirs.title })).toBeVisible();
    const after = await (await request.get(`/api/takes/${theirs._id}`)).json();
    expect({ likes: after.likes, favorites: after.favorites, commentsCount: after.commentsCount }).toEqual({
      likes: 0,
      favorites: 0,
      commentsCount: 0,
    });
    await visitor.goto(`/takes/${theirs._id}`);
    await expect(visitor.getByRole('region', { name: 'Comments' }).getByText('No comments yet. Be the first!')).toBeVisible();
    await visitor.goto(`/profile/${otherId}`);
    await expect(profileCount(visitor, 'Followers')).toHaveText('0');
    // The username is free again.
    expect(await (await request.get(`/api/users/check-username/${leaver.username}`)).json()).toEqual({ available: true });
  });
}

test('deleting with an old sign-in sends the fan to sign in again, then back to finish', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const fan = await signUpViaApi(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, fan);
  // Ten minutes on by the server's test clock: the sign-in is no longer recent enough.
  await context.setExtraHTTPHeaders({ 'x-takes-test-now': new Date(Date.now() + 10 * 60 * 1000).toISOString() });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('textbox', { name: `Type ${fan.username} to confirm` }).fill(fan.username);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/account');
  await expect(page.getByText('For your security, sign in again to continue.')).toBeVisible();
  await context.setExtraHTTPHeaders({});
  await page.getByLabel('Email').fill(fan.email);
  await page.getByLabel('Password').fill(fan.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/account');

  // Signed in just now, both go ahead.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toContain(fan.username);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('textbox', { name: `Type ${fan.username} to confirm` }).fill(fan.username);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
});
