// POST /upload-profile-picture — multipart file + userId; stores a square avatar and returns its URL.
import { requireIdentity } from '@/lib/auth';
import { AVATAR_MAX_BYTES, replaceAvatar } from '@/lib/data/people/avatars';
import { requireAppUser } from '@/lib/data/people/users';
import { AppError, badRequest, forbidden } from '@/lib/errors';
import { rateLimit } from '@/lib/rate-limit';
import { json, readLimited, route } from '@/lib/http';

// Multipart framing adds a little to the file itself.
const BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;
const TOO_LARGE = 'The picture is too large (5 MB at most).';

export const POST = route(async (request) => {
  const user = await requireAppUser(await requireIdentity(request));
  const body = await readLimited(request, BODY_LIMIT, TOO_LARGE);
  const form = await new Response(body, { headers: { 'Content-Type': request.headers.get('content-type') ?? '' } }).formData().catch(() => {
    throw badRequest('Send the picture as multipart/form-data with a file field.');
  });
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw badRequest('file: choose an image to upload.');
  if (file.size > AVATAR_MAX_BYTES) throw new AppError(413, TOO_LARGE);
  if (form.get('userId') !== String(user._id)) throw forbidden('You can only change your own picture.');
  await rateLimit('upload', request, String(user._id));
  const updated = await replaceAvatar(user, Buffer.from(await file.arrayBuffer()));
  return json({ profilePictureUrl: updated.profilePictureUrl }, 201);
});
