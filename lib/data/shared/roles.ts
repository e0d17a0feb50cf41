import 'server-only';
import { type Identity, isAdmin, optionalIdentity } from '@/lib/auth';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { dbConnect } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { Moderator, type ModeratorRow } from '@/models';

type Who = Pick<Identity, 'uid' | 'email' | 'emailVerified' | 'admin'>;

/**
 * The uids of the moderators administrators named (lib/data/moderation/moderators.ts), read through the data cache:
 * a role check costs no query, and adding or removing a moderator expires the roster on every instance at once.
 */
function moderatorUids(): Promise<string[]> {
  return cachedList('moderators', [], [LIST_TAGS.moderators], LIST_TTL.lists, async () => {
    await dbConnect();
    const rows = await Moderator.find({ active: true }).select({ _id: 1 }).sort({ _id: 1 }).lean<Pick<ModeratorRow, '_id'>[]>();
    return rows.map((row) => row._id);
  });
}

/** Whether a verified identity may work the moderation queue: an administrator, or a moderator one of them named. */
export async function isModerator(who: Who): Promise<boolean> {
  return isAdmin(who) || (await moderatorUids()).includes(who.uid);
}

/** A signed-in fan's roles, as their own session data and pages carry them. */
export async function rolesOf(who: Who): Promise<{ isAdmin: boolean; isModerator: boolean }> {
  return { isAdmin: isAdmin(who), isModerator: await isModerator(who) };
}

/**
 * The viewer's identity when they are a moderator (administrators are). Anyone else, signed in or not, gets the 404
 * an unknown address gets: the moderation API does not admit that it exists.
 */
export async function requireModerator(request: Request): Promise<Identity> {
  const identity = await optionalIdentity(request);
  if (!identity || !(await isModerator(identity))) throw notFound();
  return identity;
}
