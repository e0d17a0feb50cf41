import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { PROFILE_PICTURE_PX } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest } from '@/lib/errors';
import { setProfilePicture } from '@/lib/data/users';
import { AVATAR_PATH, type SessionUser } from '@/lib/validation/users';
import type { UserRow } from '@/models';

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

/** Stores the avatar in GridFS (no local disk, so it runs serverless) and points the user at it. */
export async function replaceAvatar(user: Pick<UserRow, '_id' | 'profilePictureUrl'>, bytes: Buffer): Promise<SessionUser> {
  const image = await normaliseAvatar(bytes);
  await dbConnect();
  const id = new mongoose.Types.ObjectId();
  await pipeline(Readable.from(image), bucket().openUploadStreamWithId(id, `${user._id}.webp`, { metadata: { user: user._id } }));
  const updated = await setProfilePicture(user._id, `/media/avatars/${id}`);
  const previous = user.profilePictureUrl;
  if (previous && AVATAR_PATH.test(previous)) {
    await bucket()
      .delete(new mongoose.Types.ObjectId(previous.split('/').pop()))
      .catch(() => undefined);
  }
  return updated;
}

/** Deletes a picture this app stored (an account's deletion); a URL from elsewhere, or one already gone, is left be. */
export async function deleteAvatar(url: string | null | undefined): Promise<void> {
  if (!url || !AVATAR_PATH.test(url)) return;
  await dbConnect();
  try {
    await bucket().delete(new mongoose.Types.ObjectId(url.split('/').pop()));
  } catch (error) {
    if (!(error instanceof mongoose.mongo.MongoRuntimeError && /not found/i.test(error.message))) throw error;
  }
}

export async function avatarExists(id: string): Promise<boolean> {
  await dbConnect();
  return (
    (
      await bucket()
        .find({ _id: new mongoose.Types.ObjectId(id) })
        .limit(1)
        .toArray()
    ).length > 0
  );
}

export async function readAvatar(id: string): Promise<Buffer | null> {
  await dbConnect();
  if (!(await avatarExists(id))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of bucket().openDownloadStream(new mongoose.Types.ObjectId(id))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
