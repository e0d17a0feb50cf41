import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { unauthorized } from '@/lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may start the scheduled job: Vercel Cron sends `Authorization: Bearer
 * <CRON_SECRET>`, and so does `npm run dev`'s timer. Compared in constant time;
 * without a configured secret nobody qualifies.
 */
export function requireCronSecret(request: Request): void {
  const secret = env().CRON_SECRET;
  const sent = request.headers.get('authorization') ?? '';
  if (!secret || !timingSafeEqual(digest(sent), digest(`Bearer ${secret}`))) throw unauthorized('This address is for the scheduled job.');
}
