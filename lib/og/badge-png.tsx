import 'server-only';
import { ImageResponse } from 'next/og';
import { Badge } from '@/lib/og/placeholder-art';

/**
 * The generated entity art as PNG (app/storage), drawn once per look and kept in this process. Keyed by exactly
 * what is drawn (the text and its two colours), so an entry is never stale, and a made-up id or query string draws
 * nothing new: every unknown player or topic shares the neutral badge. Bounded by the players, teams and topics
 * there are (a few hundred badges of a few kilobytes); past BADGES_KEPT the least recently used goes.
 */
const BADGES_KEPT = 1024;
const globalBadges = globalThis as typeof globalThis & { __takesBadgePngs?: Map<string, Promise<ArrayBuffer>> };
const drawn = (globalBadges.__takesBadgePngs ??= new Map());

export function badgePng(text: string, background: string, accent: string): Promise<ArrayBuffer> {
  const key = JSON.stringify([text, background, accent]);
  let png = drawn.get(key);
  drawn.delete(key);
  if (!png) {
    const fresh = new ImageResponse(<Badge text={text} background={background} accent={accent} size={256} />, {
      width: 256,
      height: 256,
    }).arrayBuffer();
    // A failed render is not kept: the next request draws again.
    fresh.catch(() => drawn.get(key) === fresh && drawn.delete(key));
    png = fresh;
  }
  drawn.set(key, png);
  for (const oldest of drawn.keys()) {
    if (drawn.size <= BADGES_KEPT) break;
    drawn.delete(oldest);
  }
  return png;
}
