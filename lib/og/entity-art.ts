import 'server-only';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ENTITY_ART } from '@/lib/og/constants';
import { entityImagePath, type EntityType } from '@/lib/league/entities';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import type { BadgeArt, EntityArt } from '@/lib/og/art';
import { readCapped } from '@/lib/read-capped';

/** The app's own generated art (app/storage): drawn as the badge directly rather than fetched from ourselves. */
const BUILT_IN_STORAGE = '/storage';

/**
 * The storage host as the server was started with it, or null for the built-in
 * art. A relative base is resolved against the configured site URL, never the
 * request's Host header, which a client chooses.
 */
function storageBase(): URL | null {
  const { NEXT_PUBLIC_STORAGE_BASE_URL: raw, NEXT_PUBLIC_SITE_URL: site } = env();
  const trimmed = raw.replace(/\/+$/, '');
  if (trimmed === BUILT_IN_STORAGE) return null;
  return new URL(`${trimmed}/`, site);
}

/**
 * A share link's entityImage, when it names a file under the storage host;
 * anything else (another host, a path outside the base, credentials) is null
 * and is never fetched.
 */
export function storageImage(value: string | undefined): string | null {
  const base = storageBase();
  if (!base || !value) return null;
  let url: URL;
  try {
    // Relative to the site, as the browser that built the link read it.
    url = new URL(value, env().NEXT_PUBLIC_SITE_URL);
  } catch {
    return null;
  }
  // The parser has already resolved "..", "%2e%2e" and backslashes, so the prefix test sees the real path.
  const inside = url.origin === base.origin && url.pathname.startsWith(base.pathname) && url.pathname !== base.pathname;
  if (!inside || url.username || url.password) return null;
  return `${url.origin}${url.pathname}`;
}

/** A player, team or topic to draw (pictureOf in lib/league/entities.ts names the one that stands for a game). */
export type Pictured = { type: EntityType; id: number | string; name: string };

function imageUrlOf(entity: Pictured): string | null {
  const base = storageBase();
  if (!base || entity.id === '') return null;
  return new URL(entityImagePath(entity.type, entity.id), base).href;
}

/** The picture's bytes, or an error when there are none or more than the cap. */
async function readPicture(response: Response, limit: number): Promise<Buffer> {
  if (!response.body) throw new Error('empty answer');
  const bytes = await readCapped(response, limit);
  if (!bytes) throw new Error('image too large');
  return bytes;
}

type Picture = { dataUrl: string; hash: string };

/**
 * Fetches an image within the time limit and redraws it as a square PNG with
 * sharp: whatever the host sends (PNG, SVG, anything else sharp reads) reaches
 * the renderer as one known format, its bytes proven to be an image, and the
 * cache holds small pictures whatever the originals weigh.
 */
async function download(url: string): Promise<Picture | null> {
  try {
    const signal = AbortSignal.timeout(ENTITY_ART.timeoutMs);
    const response = await fetch(url, { signal, redirect: 'error', cache: 'no-store' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const bytes = await readPicture(response, ENTITY_ART.maxBytes);
    const png = await sharp(bytes, { limitInputPixels: ENTITY_ART.maxPixels })
      .resize(ENTITY_ART.px, ENTITY_ART.px, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return {
      dataUrl: `data:image/png;base64,${png.toString('base64')}`,
      hash: createHash('sha256').update(png).digest('base64url').slice(0, 16),
    };
  } catch (error) {
    log.warn({ url, reason: error instanceof Error ? error.message : String(error) }, 'entity image unavailable; drawing the badge');
    return null;
  }
}

type Entry = { expires: number; picture: Promise<Picture | null> };
const globalArt = globalThis as typeof globalThis & { __takesEntityArt?: Map<string, Entry> };
const pictures = (globalArt.__takesEntityArt ??= new Map());

/** One download per URL at a time and per cache period; least recently used entries leave first. */
function picture(url: string): Promise<Picture | null> {
  const now = Date.now();
  const hit = pictures.get(url);
  pictures.delete(url);
  if (hit && now < hit.expires) {
    pictures.set(url, hit);
    return hit.picture;
  }
  const entry: Entry = { expires: now + ENTITY_ART.ttlMs, picture: download(url) };
  void entry.picture.then((found) => {
    if (!found) entry.expires = Date.now() + ENTITY_ART.failureTtlMs;
  });
  pictures.set(url, entry);
  for (const oldest of pictures.keys()) {
    if (pictures.size <= ENTITY_ART.cacheEntries) break;
    pictures.delete(oldest);
  }
  return entry.picture;
}

/**
 * The art for an entity: `imageUrl` (a link's entityImage already checked by
 * storageImage) or the entity's own file on the storage host, else its badge
 * (`badgeFor` in lib/data/discovery/entity-badge.ts, looked up while the
 * picture downloads). Never throws unless `badge` does, and waits on the
 * network at most ENTITY_ART.timeoutMs.
 */
export async function entityArt(entity: Pictured, badge: BadgeArt | PromiseLike<BadgeArt>, imageUrl?: string | null): Promise<EntityArt> {
  const url = imageUrl ?? imageUrlOf(entity);
  const [drawn, found] = await Promise.all([badge, url ? picture(url) : null]);
  return {
    badge: drawn,
    image: found?.dataUrl ?? null,
    tile: entity.type === 'team' ? '#f5f7fb' : drawn.background,
    key: found?.hash ?? 'badge',
  };
}

/** The art of a badge alone, with no picture to look for (a profile's initials). */
export const badgeArt = (badge: BadgeArt): EntityArt => ({ badge, image: null, tile: badge.background, key: 'badge' });
