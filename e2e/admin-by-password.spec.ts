import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectSignedIn, newAccount, signInThroughUi, signUpThroughUi } from './support/accounts';
import { saveScreen, VIEWPORTS } from './support/screens';

// A site's first administrator signs up with a password, not Google (docs/deploy.md): sign-up sends Firebase's
// verification mail, the account page says the address is not verified and sends another, and the operator's command
// (`node admin.cjs grant <email>` in the image, the standalone output's copy here) names them; signed in again, they
// find /moderation.

type OobCode = { email: string; requestType: string; oobLink: string };

/** The mails the Auth emulator would have sent (its REST endpoint lists them instead of sending). */
async function verificationMails(request: APIRequestContext, email: string): Promise<OobCode[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-takes';
  const reply = await request.get(`http://${host}/emulator/v1/projects/${project}/oobCodes`);
  expect(reply.ok()).toBeTruthy();
  const { oobCodes } = (await reply.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
}

/** The operator's command as the Docker image runs it: the standalone output's bundle, with the server's environment. */
function adminCommand(...args: string[]) {
  const dist = process.env.NEXT_DIST_DIR;
  if (!dist) throw new Error('NEXT_DIST_DIR is not set: run the tests with npm test');
  return spawnSync(process.execPath, [path.join(process.cwd(), dist, 'standalone', 'admin.cjs'), ...args], {
    env: process.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('an operator who signs up with a password verifies the address, is named by the command, and reaches /moderation', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = newAccount();
  await signUpThroughUi(page, account);
  // Signing up sent the verification mail.
  await expect.poll(async () => (await verificationMails(request, account.email)).length).toBe(1);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Verify your email' });
  await expect(section).toContainText(`Open the link we sent to ${account.email}`);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await section.scrollIntoViewIfNeeded();
    await saveScreen(page, 'account-verify-email');
  }

  // Not yet: the fan says they opened it, and is told it is not verified.
  await section.getByRole('button', { name: "I've opened the link" }).click();
  await expect(section.getByRole('status')).toHaveText('Not verified yet. Open the link in the newest mail, then try again.');

  // Another link, then a wait before the next.
  await section.getByRole('button', { name: 'Send a new link', exact: true }).click();
  await expect(section.getByRole('status')).toContainText(`A new link is on its way to ${account.email}.`);
  await expect(section.getByRole('button', { name: /^Send a new link \(\d+ s\)$/ })).toBeDisabled();
  const mails = await verificationMails(request, account.email);
  expect(mails).toHaveLength(2);

  // Unverified, the command refuses the email: anyone can sign up with any address.
  const refused = adminCommand('grant', account.email);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain(`${account.email} has not verified the address yet`);

  // The newest link opened (the emulator's handler verifies on a GET), the page sees it.
  expect((await request.get(mails.at(-1)!.oobLink)).ok()).toBeTruthy();
  await section.getByRole('button', { name: "I've opened the link" }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: account.email })).toContainText('Verified');

  // A fan, until the operator names them.
  const moderators = page.getByRole('region', { name: 'Moderators', exact: true });
  await page.goto('/moderation');
  await expectSignedIn(page, account);
  await expect(moderators).toHaveCount(0);

  const granted = adminCommand('grant', account.email);
  expect(granted.stderr).toBe('');
  expect(granted.stdout).toContain(`${account.email} is now an administrator.`);
  expect(granted.status).toBe(0);

  // Their next sign-in carries the role.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signInThroughUi(page, account);
  await page.goto('/moderation');
  await expect(moderators).toBeVisible();

  // Revoked, they are a fan again at their next sign-in (and signed out everywhere: tests/api/admin-command.test.ts).
  const revoked = adminCommand('revoke', account.email);
  expect(revoked.stdout).toContain(`${account.email} is no longer an administrator`);
  expect(revoked.status).toBe(0);
  const again = await (await browser.newContext()).newPage();
  await signInThroughUi(again, account);
  await again.goto('/moderation');
  await expectSignedIn(again, account);
  await expect(again.getByRole('region', { name: 'Moderators', exact: true })).toHaveCount(0);
});
