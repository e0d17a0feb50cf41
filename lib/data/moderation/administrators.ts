import 'server-only';
import type { UserRecord } from 'firebase-admin/auth';
import mongoose from 'mongoose';
import { ADMIN_CLAIM, namedByEnvironment } from '@/lib/admins';
import { dbConnect } from '@/lib/db';
import { isDuplicateKey } from '@/lib/errors';
import { adminAuth } from '@/lib/firebase-admin';
import { Administrator, type AdministratorRow } from '@/models';

/**
 * Administrators the site's operator names and unnames from a shell (`npm run admin -- grant <email|uid>`,
 * scripts/admin-cli.ts), for a site whose first administrator signs in with a password rather than Google. The role is
 * a custom claim on the Firebase account (ADMIN_CLAIM in lib/admins.ts), and every change is recorded in the database
 * with the operator and the time (models/administrator.ts), as an administrator's changes to the moderators are.
 */

/** A refusal the operator can act on: the command prints it and exits 2. */
export class AdminCommandError extends Error {}

export type AdminChange = { uid: string; email: string | null; changed: boolean; message: string };

/** The Firebase account an email (containing @) or a uid names. */
async function accountOf(who: string): Promise<UserRecord> {
  const byEmail = who.includes('@');
  try {
    return byEmail ? await adminAuth().getUserByEmail(who.trim().toLowerCase()) : await adminAuth().getUser(who.trim());
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found')
      throw new AdminCommandError(
        byEmail
          ? `No account has the email ${who}. They sign up on the site first (email and password, or Google).`
          : `No account has the uid ${who}.`,
      );
    throw error;
  }
}

const label = (account: UserRecord) => account.email ?? account.uid;

/**
 * Makes an account an administrator. Named by email, the account must have verified that it owns the address: anyone
 * can sign up with any address, and an unverified one may not be the person the operator means. The claim is set
 * first and then recorded; the command run again after a failure in between records it then.
 */
export async function grantAdministrator(who: string, by: string, at: Date): Promise<AdminChange> {
  const account = await accountOf(who);
  if (who.includes('@') && !account.emailVerified) {
    throw new AdminCommandError(
      `${account.email} has not verified the address yet: they open the link in the verification mail (their account ` +
        'page sends a new one), then run this again. Grant by uid instead only if you know the account is theirs.',
    );
  }
  await dbConnect();
  const claims = account.customClaims ?? {};
  const record = await Administrator.findById(account.uid).select({ active: 1 }).lean<Pick<AdministratorRow, 'active'>>();
  if (claims[ADMIN_CLAIM] === true && record?.active) {
    return { uid: account.uid, email: account.email ?? null, changed: false, message: `${label(account)} is an administrator already.` };
  }
  await adminAuth().setCustomUserClaims(account.uid, { ...claims, [ADMIN_CLAIM]: true });
  try {
    // Only an account whose record is not active matches; one that is makes the upsert collide with its document.
    await Administrator.updateOne(
      { _id: account.uid, active: mongoose.trusted({ $ne: true }) },
      { $set: { email: account.email ?? null, active: true }, $push: { history: { change: 'granted', by, at } } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  return {
    uid: account.uid,
    email: account.email ?? null,
    changed: true,
    message:
      `${label(account)} is now an administrator. Their next sign-in carries the role: if they are signed in, they ` +
      'sign out and in again, then /moderation is theirs.',
  };
}

/**
 * Takes the role away: the claim is cleared and the account signed out everywhere at once (its refresh tokens
 * revoked), so no token or session cookie minted with the claim is accepted again (every check asks Firebase
 * whether the account was signed out: lib/auth.ts, lib/session.ts).
 */
export async function revokeAdministrator(who: string, by: string, at: Date): Promise<AdminChange> {
  const account = await accountOf(who);
  await dbConnect();
  const claims = { ...(account.customClaims ?? {}) };
  const claimed = claims[ADMIN_CLAIM] === true;
  const environment = namedByEnvironment({ uid: account.uid, email: account.email ?? null, emailVerified: account.emailVerified });
  const stillByEnvironment = environment
    ? ' The environment still names them (TAKES_ADMIN_EMAILS or TAKES_ADMIN_UIDS): remove them there and restart the server too.'
    : '';
  const record = await Administrator.findById(account.uid).select({ active: 1 }).lean<Pick<AdministratorRow, 'active'>>();
  if (!claimed && !record?.active) {
    return {
      uid: account.uid,
      email: account.email ?? null,
      changed: false,
      message: `${label(account)} is not an administrator this command named.${stillByEnvironment}`,
    };
  }
  if (claimed) {
    delete claims[ADMIN_CLAIM];
    await adminAuth().setCustomUserClaims(account.uid, claims);
    await adminAuth().revokeRefreshTokens(account.uid);
  }
  await Administrator.updateOne(
    { _id: account.uid },
    { $set: { email: account.email ?? null, active: false }, $push: { history: { change: 'revoked', by, at } } },
    { upsert: true },
  );
  return {
    uid: account.uid,
    email: account.email ?? null,
    changed: true,
    message: `${label(account)} is no longer an administrator, and is signed out everywhere.${stillByEnvironment}`,
  };
}

export type AdministratorEntry = {
  uid: string;
  email: string | null;
  active: boolean;
  history: { change: string; by: string; at: Date }[];
};

/** Every account the command ever named, with its changes, newest first. */
export async function listAdministrators(): Promise<AdministratorEntry[]> {
  await dbConnect();
  const rows = await Administrator.find({}).sort({ _id: 1 }).lean<AdministratorRow[]>();
  return rows
    .map((row) => ({
      uid: row._id,
      email: row.email ?? null,
      active: row.active,
      history: row.history.map((h) => ({ change: h.change, by: h.by, at: h.at })),
    }))
    .sort((a, b) => (b.history.at(-1)?.at.getTime() ?? 0) - (a.history.at(-1)?.at.getTime() ?? 0));
}
