import { expect, test } from '@playwright/test';
import { newAccount, signUpThroughUi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';
import { takeCards } from './support/take-lists';

test('a new fan signs up, posts a take with Create + and sees it at the top of the feed', async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount();
  await signUpThroughUi(page, account);

  await page.getByRole('button', { name: 'Create +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Take' });
  const error = dialog.getByRole('alert');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(error).toHaveText('All fields are required.');

  // Closing resets the form.
  await dialog.getByLabel('Title').fill('Half a thought');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create +' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await expect(error).toBeEmpty();

  const title = `Wemby wins DPOY unanimously ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByText(`${title.length}/80`)).toBeVisible();
  await dialog.getByLabel('Description').fill('Nobody else is close. He erases shots at the rim and still switches onto guards.');

  // The focus: a searchable single select, driven by the keyboard.
  const focus = dialog.getByRole('combobox', { name: 'Player or Team Focus' });
  await focus.fill('wembanyama');
  await expect(dialog.getByRole('option', { name: /Victor Wembanyama/ })).toBeVisible();
  await focus.press('ArrowDown');
  await focus.press('Enter');
  await expect(focus).toHaveValue('Victor Wembanyama');
  await expect(focus).toHaveAttribute('aria-expanded', 'false');
  const tagList = dialog.getByRole('list', { name: 'Selected tags' });
  await expect(tagList.getByRole('listitem')).toHaveText(['Victor Wembanyama (focus)']);
  await expect(dialog.getByText('1/5')).toBeVisible();

  // Tags: four more at most, and the focus is not offered again.
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Wembanyama');
  await expect(dialog.getByRole('option', { name: /Victor Wembanyama/ })).toHaveCount(0);
  for (const name of ['San Antonio Spurs', 'MVP Race', 'Los Angeles Lakers', 'Boston Celtics']) {
    await tags.fill(name);
    await dialog.getByRole('option', { name: new RegExp(name) }).click();
  }
  await expect(dialog.getByText('5/5')).toBeVisible();
  await tags.fill('New York Knicks');
  await tags.press('Enter');
  await expect(error).toHaveText('You can only select up to 4 additional tags.');
  // Escape closes the open list first, not the dialog.
  await tags.fill('Jok');
  await expect(tags).toHaveAttribute('aria-expanded', 'true');
  await tags.press('Escape');
  await expect(tags).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();
  await tags.fill('');
  await dialog.getByRole('button', { name: 'Remove Boston Celtics' }).click();
  await expect(dialog.getByText('4/5')).toBeVisible();
  await expect(error).toBeEmpty();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await saveScreen(page, 'create-take-modal');
  }

  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  const first = takeCards(page).first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(first.getByRole('list', { name: 'Tags' })).toContainText('San Antonio Spurs');

  // It is on the player's page too, newest first.
  await first.getByRole('link', { name: 'Victor Wembanyama' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Victor Wembanyama' })).toBeVisible();
  await expect(takeCards(page).first().getByRole('heading', { level: 2 })).toHaveText(title);
});
