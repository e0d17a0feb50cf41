import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose, { type Types } from 'mongoose';
import sharp from 'sharp';
import { PROFILE_PICTURE_PX } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, forbidden } from '@/lib/errors';
import { setProfilePicture } from '@/lib/data/people/users';
import { AVATAR_PATH, type SessionUser } from '@/lib/validation/users';
import { User, type UserRow } from '@/models';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding stops past 40 megapixels: a tiny file declaring 20000×20000 is refused, not inflated. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Only the first frame is used, but a file declaring more than this is refused outright. */
const MAX_FRAMES = 100;
// Twice the 125 px display size, for sharp pictures on high-density screens.
const SIZE = PROFILE_PICTURE_PX * 2;

function bucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('database handle missing after connect');
  return new mongoose.mongo.GridFSBucket(db, { bucketName: 'avatars' });
}

/**
 * Turns uploaded bytes into a square WebP avatar. The format is judged from the
 * content by the decoder, never from the name or Content-Type; only the first
 * frame of an animation is read; anything undecodable is a 400.
 */
export async function normaliseAvatar(bytes: Buffer): Promise<Buffer> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const meta = await input.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) throw badRequest('Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.');
    if ((meta.pages ?? 1) > MAX_FRAMES) throw badRequest(`Animated pictures can have at most ${MAX_FRAMES} frames.`);
    return await input.rotate().resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw badRequest('That image is too large to process (40 megapixels at most).');
    throw badRequest('That file is not an image we can read.');
  }
}

const avatarId = (url: string) => new mongoose.Types.ObjectId(url.split('/').pop());

/** A stored picture and who uploaded it (its GridFS metadata says), or null when there is no such picture. */
async function storedAvatar(url: string): Promise<{ uploader: string | null } | null> {
  const [file] = await bucket()
    .find({ _id: avatarId(url) })
    .limit(1)
    .toArray();
  return file ? { uploader: file.metadata?.user ? String(file.metadata.user) : null } : null;
}

/**
 * Stores the avatar in GridFS (no local disk, so it runs serverless), its uploader in its metadata, and points the
 * user at it; the picture it replaces goes if nobody else uses it.
 */
export async function replaceAvatar(user: Pick<UserRow, '_id'>, bytes: Buffer): Promise<SessionUser> {
  const image = await normaliseAvatar(bytes);
  await dbConnect();
  const id = new mongoose.Types.ObjectId();
  await pipeline(Readable.from(image), bucket().openUploadStreamWithId(id, `${user._id}.webp`, { metadata: { user: user._id } }));
  const url = `/media/avatars/${id}`;
  let change: Awaited<ReturnType<typeof setProfilePicture>>;
  try {
    change = await setProfilePicture(user._id, url);
  } catch (error) {
    // Not pointed at, so used by nobody; if the database is what failed, this fails too and the write's error stands.
    await releaseAvatar(url, user._id).catch(() => undefined);
    throw error;
  }
  // The picture read from the write itself, not from the request's start: of two uploads racing, the later one
  // releases the earlier one's picture.
  await releaseAvatar(change.previous, user._id);
  return change.user;
}

/**
 * Points the viewer at a picture stored here that they uploaded themselves (`url` is an AVATAR_PATH); a 400 for
 * none, a 403 for another fan's. The picture it replaces goes if nobody else uses it.
 */
export async function chooseOwnAvatar(user: Pick<UserRow, '_id'>, url: string): Promise<SessionUser> {
  await dbConnect();
  const stored = await storedAvatar(url);
  if (!stored) throw badRequest('profilePictureUrl: no such picture.');
  if (stored.uploader !== String(user._id)) throw forbidden('You can only use a picture you uploaded.');
  const change = await setProfilePicture(user._id, url);
  if (change.previous !== url) await releaseAvatar(change.previous, user._id);
  return change.user;
}

/**
 * `leaver` no longer uses the picture at `url` (a new one, or their account is going): it is deleted when no other
 * fan uses it either. Whoever uploaded it, a picture in use is never deleted from under its user; and whoever lets
 * go of one, a picture nobody uses is not kept (one a fan pointed at before pictures were their uploader's only).
 * A URL from elsewhere, or a picture already gone, is left be.
 */
export async function releaseAvatar(url: string | null | undefined, leaver: Types.ObjectId | string): Promise<void> {
  if (!url || !AVATAR_PATH.test(url)) return;
  await dbConnect();
  if (await User.exists({ profilePictureUrl: url, _id: mongoose.trusted({ $ne: leaver }) })) return;
  try {
    await bucket().delete(avatarId(url));
  } catch (error) {
    if (!(error instanceof mongoose.mongo.MongoRuntimeError && /not found/i.test(error.message))) throw error;
  }
}

export async function readAvatar(id: string): Promise<Buffer | null> {
  await dbConnect();
  if (!(await storedAvatar(`/media/avatars/${id}`))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of bucket().openDownloadStream(new mongoose.Types.ObjectId(id))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
