import { expect, test } from '@playwright/test';
import { createTakeViaApi, signInThroughUi, signUpViaApi } from './support/accounts';
import { profileCount } from './support/profile';
import { saveScreen, VIEWPORTS } from './support/screens';

for (const viewport of VIEWPORTS) {
  test(`a fan deletes their own comment, blocks a troll from theirs, and no longer sees the troll anywhere (${viewport.width} wide)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const [fan, troll] = await Promise.all([signUpViaApi(request), signUpViaApi(request)]);
    const trollAuth = { Authorization: `Bearer ${troll.token}` };
    const take = await createTakeViaApi(request, fan, `Blocked in the e2e run ${Date.now()}`);
    const trollTake = await createTakeViaApi(request, troll, `Troll take ${Date.now()}`);
    expect(
      (
        await request.post('/api/comments', { headers: trollAuth, data: { text: 'You know nothing about basketball', postID: take._id } })
      ).status(),
    ).toBe(201);
    expect((await request.post(`/api/users/${fan.uid}/follow`, { headers: trollAuth })).ok()).toBeTruthy();

    const page = await (await browser.newContext({ viewport })).newPage();
    await signInThroughUi(page, fan);
    await page.goto(`/takes/${take._id}`);
    const comments = page.getByRole('region', { name: 'Comments' });
    const trollComment = comments.getByRole('article', { name: `Comment by ${troll.username}` });
    await expect(trollComment).toContainText('You know nothing about basketball');

    // Their own comment: Delete, behind the confirm dialog.
    await comments.getByRole('textbox', { name: 'Add a comment' }).fill('Typo, deleting this');
    await comments.getByRole('button', { name: 'Post' }).click();
    const mine = comments.getByRole('article', { name: `Comment by ${fan.username}` });
    await expect(mine).toContainText('Typo, deleting this');
    await mine.getByRole('button', { name: 'Comment options' }).click();
    await expect(mine.getByRole('menuitem')).toHaveText(['Delete Comment', 'Report']);
    await saveScreen(page, 'comment-options-own');
    await mine.getByRole('menuitem', { name: 'Delete Comment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Comment' });
    await expect(confirm).toContainText('Are you sure you want to delete this comment?');
    await saveScreen(page, 'comment-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Comment deleted.')).toBeVisible();
    await expect(mine).toHaveCount(0);

    // The troll's comment: Report, Mute and Block; Block explains itself first.
    await trollComment.getByRole('button', { name: 'Comment options' }).click();
    await expect(trollComment.getByRole('menuitem')).toHaveText(['Report', `Mute ${troll.username}`, `Block ${troll.username}`]);
    await saveScreen(page, 'comment-options-other');
    await trollComment.getByRole('menuitem', { name: `Block ${troll.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${troll.username}?` });
    await expect(dialog).toContainText("can't follow you, reply to you, tag you or react to what you post");
    await saveScreen(page, 'block-confirm');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText(`Blocked ${troll.username}.`)).toBeVisible();
    await expect(trollComment).toHaveCount(0);

    // Gone on the next visit too, from the comments, the notifications and the API's answers to the fan.
    await page.reload();
    await expect(comments.getByText('No comments yet. Be the first!')).toBeVisible();
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('main').getByText(troll.username)).toHaveCount(0);
    const fanFeed = await (await request.get('/api/takes?sort=new&limit=50', { headers: { Authorization: `Bearer ${fan.token}` } })).json();
    expect(fanFeed.map((t: { _id: string }) => t._id)).not.toContain(trollTake._id);
    expect((await request.get(`/api/takes/${trollTake._id}`, { headers: { Authorization: `Bearer ${fan.token}` } })).status()).toBe(404);
    // The pages rendered for the fan (from their session) leave the troll out as well.
    expect((await page.goto(`/takes/${trollTake._id}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No take found' })).toBeVisible();

    // The troll's follow ended; the troll can no longer follow, comment or react.
    await page.getByRole('link', { name: `Your profile (${fan.username})` }).click();
    await expect(profileCount(page, 'Followers')).toHaveText('0');
    const refused = await request.post('/api/comments', { headers: trollAuth, data: { text: 'let me in', postID: take._id } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: 'You can’t do that: this fan has blocked you.' });
    expect((await request.post(`/api/users/${fan.uid}/follow`, { headers: trollAuth })).status()).toBe(403);
    expect((await request.post('/api/user-action', { headers: trollAuth, data: { actionType: 'like', postID: take._id } })).status()).toBe(
      403,
    );

    // The troll's profile says so, and the account page lists them, to undo from there.
    const trollProfile = (await (await request.get(`/api/takes/${trollTake._id}`)).json()).createdBy._id as string;
    await page.goto(`/profile/${trollProfile}`);
    await expect(page.getByText(`You have blocked ${troll.username}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(page.getByRole('main').getByText('No posts yet')).toBeVisible();
    await saveScreen(page, 'profile-blocked');
    await page.goto('/account');
    const blocked = page.getByRole('list', { name: 'Blocked' });
    await expect(blocked.getByRole('listitem')).toHaveText([new RegExp(troll.username)]);
    await page.getByRole('heading', { name: 'Blocked and muted' }).scrollIntoViewIfNeeded();
    await saveScreen(page, 'account-blocked');
    await blocked.getByRole('button', { name: `Unblock ${troll.username}` }).click();
    await expect(page.getByText(`Unblocked ${troll.username}.`)).toBeVisible();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
    expect((await request.post('/api/comments', { headers: trollAuth, data: { text: 'thanks', postID: take._id } })).status()).toBe(201);
  });
}
