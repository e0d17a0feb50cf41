import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { cache } from 'react';
import type { Identity } from '@/lib/auth';
import { dbConnect } from '@/lib/db';
import { forbidden } from '@/lib/errors';
import type { Relation } from '@/lib/validation/account';
import { Block, type BlockRow, User, type UserRow } from '@/models';

/**
 * What blocks and mutes mean for reads and writes (lib/data/people/blocks.ts makes
 * and undoes them). A mute hides the muted fan's takes, comments and
 * notifications from the muter, silently; a block hides each from the other
 * and refuses the blocked fan's follow, replies, tags and reactions on the
 * blocker's content. Lists stay cached and shared: the filter applies after
 * the cache, with one small query per viewer per request (hiddenAuthorsFor).
 * Nothing here imports another data module, so any of them can use it.
 */

export type BlockKind = 'block' | 'mute';
type Id = Types.ObjectId | string;

/**
 * The fans whose takes, comments and notifications `viewerId` does not see:
 * those they muted or blocked, and those who blocked them. One query on the
 * two indexes of models/block.ts, shared by everything one request renders.
 */
export const hiddenAuthorsFor = cache(async (viewerId: string | null): Promise<ReadonlySet<string>> => {
  if (!viewerId) return new Set();
  await dbConnect();
  const rows = await Block.find({ $or: [{ user: viewerId }, { target: viewerId, kind: 'block' }] })
    .select({ user: 1, target: 1 })
    .lean<Pick<BlockRow, 'user' | 'target'>[]>();
  return new Set(rows.map((r) => (String(r.user) === viewerId ? String(r.target) : String(r.user))));
});

/**
 * hiddenAuthorsFor the viewer of an API request, whose token is verified: every answer given with a bearer token is
 * filtered for its viewer; without one (or before they have a username) nothing is hidden. Lists apply it with the
 * viewer's own filters (lib/data/filters/reader.ts).
 */
export async function hiddenForViewer(identity: Identity | null): Promise<ReadonlySet<string>> {
  if (!identity) return new Set();
  await dbConnect();
  const viewer = await User.findOne({ firebaseUID: identity.uid }).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>();
  return hiddenAuthorsFor(viewer ? String(viewer._id) : null);
}

/**
 * Refuses `actor` acting on what `owners` wrote (a follow, a comment or reply,
 * a tag, a reaction) when a block stands between them, either way, with
 * words that say which. One query whatever the number of owners.
 */
export async function assertNotBlocked(viewer: Id, owners: (Id | null | undefined)[]): Promise<void> {
  const others = [...new Set(owners.filter((o): o is Id => Boolean(o)).map(String))].filter((o) => o !== String(viewer));
  if (others.length === 0) return;
  const found = await Block.findOne({
    kind: 'block',
    $or: [
      { user: viewer, target: mongoose.trusted({ $in: others }) },
      { user: mongoose.trusted({ $in: others }), target: viewer },
    ],
  })
    .select({ user: 1 })
    .lean<Pick<BlockRow, 'user'>>();
  if (!found) return;
  throw forbidden(
    String(found.user) === String(viewer)
      ? 'You have blocked this fan. Unblock them to do that.'
      : 'You can’t do that: this fan has blocked you.',
  );
}

/** Whether `recipient` should hear of what `actor` did: not when either has hidden the other as above. */
export async function hearsFrom(recipient: Id, actor: Id | null | undefined): Promise<boolean> {
  if (!actor) return true;
  const found = await Block.exists({
    $or: [
      { user: recipient, target: actor },
      { user: actor, target: recipient, kind: 'block' },
    ],
  });
  return found === null;
}

/** The viewer's own choices about one fan, for the profile's and the options' buttons. */
export async function relationTo(viewer: Id, target: Id): Promise<Relation> {
  await dbConnect();
  const rows = await Block.find({ user: viewer, target }).select({ kind: 1 }).lean<Pick<BlockRow, 'kind'>[]>();
  return { blocking: rows.some((r) => r.kind === 'block'), muting: rows.some((r) => r.kind === 'mute') };
}
