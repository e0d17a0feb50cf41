import 'server-only';
import { createClient } from '@redis/client';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

const newClient = (url: string) => createClient({ url });
type Client = ReturnType<typeof newClient>;
const globalRedis = globalThis as typeof globalThis & { __takesRedis?: Promise<Client> | null };

/**
 * The instance's Redis connection when REDIS_URL is set (several self-hosted
 * instances share the data cache there), else null. Connected once per process;
 * a failed connect is forgotten so a later call tries again.
 */
export function redis(): Promise<Client> | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  globalRedis.__takesRedis ??= (async () => {
    const client = newClient(url);
    client.on('error', (error: unknown) => log.warn({ err: String(error) }, 'redis error'));
    await client.connect();
    return client;
  })().catch((error: unknown) => {
    globalRedis.__takesRedis = null;
    throw error;
  });
  return globalRedis.__takesRedis;
}
