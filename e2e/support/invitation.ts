import type { Locator, Page } from '@playwright/test';

/**
 * Closes the ten-second sign-up invitation whenever it opens, for journeys that do not check it. It is closed with its
 * × button, not Escape: the button answers as soon as the dialog is on screen, while Escape's listener is attached by
 * an effect just after, so a key pressed in between on a busy machine was lost and the dialog stayed open.
 * Returns the dialog, for `page.removeLocatorHandler` once a journey wants to see it.
 */
export async function closeSignUpInvitation(page: Page): Promise<Locator> {
  const invitation = page.getByRole('dialog', { name: 'Create an account!' });
  await page.addLocatorHandler(invitation, () => invitation.getByRole('button', { name: 'Close' }).click());
  return invitation;
}
