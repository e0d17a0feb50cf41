import 'server-only';
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { ImageResponse } from 'next/og';
import { ogFonts } from '@/lib/og/assets';
import { inRenderSlot, renderPermit } from '@/lib/og/render-slots';
import { publicEnv } from '@/lib/public-env';

/** Bump when a layout changes, so cached images are not reused across designs. */
const DESIGN_VERSION = '3';

export const siteName = () => new URL(publicEnv().siteUrl).host;

export function etagOf(parts: unknown[]): string {
  return `"${createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 32)}"`;
}

/**
 * Renders to a buffer before answering, so a failure becomes a fallback image
 * (`fallback`, plain text only) instead of a response that breaks mid-stream.
 * Every render takes one of the instance's render slots (lib/og/render-slots.ts),
 * the share image's and the preview cards' alike: past them, a 503 at once. It
 * starts once the request's rate limit has let it (renderPermit). An `element` given as a function is built
 * there, in the slot: building it may draw parts ahead (lib/og/share-image.tsx).
 */
export async function renderPng(
  element: ReactElement | (() => Promise<ReactElement>),
  fallback: () => ReactElement,
  size: { width: number; height: number },
): Promise<ArrayBuffer> {
  const [fonts] = await Promise.all([ogFonts(), renderPermit()]);
  return inRenderSlot(async () => {
    try {
      const tree = typeof element === 'function' ? await element() : element;
      return await new ImageResponse(tree, { ...size, fonts }).arrayBuffer();
    } catch (error) {
      console.error('image render failed; drawing the plain fallback', error);
      return new ImageResponse(fallback(), { ...size, fonts }).arrayBuffer();
    }
  });
}

/** A PNG answer with a strong ETag; null for a 304 when the client already has this version. */
export function pngResponse(png: ArrayBuffer | null, etag: string, cacheControl: string): Response {
  const headers = { ETag: etag, 'Cache-Control': cacheControl, 'Content-Type': 'image/png' };
  if (png === null) return new Response(null, { status: 304, headers });
  return new Response(png, { headers });
}

export const notModified = (request: Request, etag: string) => request.headers.get('if-none-match') === etag;

/** An hour in browsers and on a CDN (s-maxage: Vercel's keeps a function's answer only when told to), then a day stale while it asks again. */
export const IMAGE_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';
