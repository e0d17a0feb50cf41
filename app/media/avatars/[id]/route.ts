// GET /media/avatars/{id} — an uploaded profile picture; ids are never reused, so it caches forever.
import { readAvatar } from '@/lib/data/people/avatars';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (_request, context) => {
  const { id } = await parseParams(context, idParams);
  const image = await readAvatar(id);
  if (!image) throw notFound('Picture not found.');
  return new Response(new Uint8Array(image), {
    headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' },
  });
});
