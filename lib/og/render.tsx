import 'server-only';
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { ImageResponse } from 'next/og';
import { getPlayer, getTeam } from '@/lib/data/discovery/entities';
import type { EntityType } from '@/lib/entities';
import { ogFonts } from '@/lib/og/assets';
import { FALLBACK, initials } from '@/lib/placeholder-art';
import { publicEnv } from '@/lib/public-env';
import type { BadgeArt } from '@/lib/og/art';

/** Bump when a layout changes, so cached images are not reused across designs. */
const DESIGN_VERSION = '2';

export const siteName = () => new URL(publicEnv.siteUrl).host;

/** The badge drawn for an entity: team colours for teams and their players. */
export async function badgeFor(entity: { type: EntityType; id: number | string; name: string }): Promise<BadgeArt> {
  try {
    if (entity.type === 'team' && typeof entity.id === 'number') {
      const team = await getTeam(entity.id);
      if (team) return { text: team.abbreviation, background: team.primaryColor, accent: team.secondaryColor };
    }
    if (entity.type === 'player' && typeof entity.id === 'number') {
      const player = await getPlayer(entity.id);
      const team = player?.teamId ? await getTeam(player.teamId) : null;
      if (team) return { text: initials(entity.name), background: team.primaryColor, accent: team.secondaryColor };
    }
  } catch {
    // An unreachable lookup falls back to the neutral badge; the image still renders.
  }
  return { text: initials(entity.name), background: entity.type === 'special' ? '#312e81' : FALLBACK.background, accent: FALLBACK.accent };
}

export function etagOf(parts: unknown[]): string {
  return `"${createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 32)}"`;
}

/**
 * Renders to a buffer before answering, so a failure becomes a fallback image
 * (`fallback`, plain text only) instead of a response that breaks mid-stream.
 */
export async function renderPng(
  element: ReactElement,
  fallback: () => ReactElement,
  size: { width: number; height: number },
): Promise<ArrayBuffer> {
  const fonts = await ogFonts();
  try {
    return await new ImageResponse(element, { ...size, fonts }).arrayBuffer();
  } catch (error) {
    console.error('image render failed; drawing the plain fallback', error);
    return new ImageResponse(fallback(), { ...size, fonts }).arrayBuffer();
  }
}

/** A PNG answer with a strong ETag; null for a 304 when the client already has this version. */
export function pngResponse(png: ArrayBuffer | null, etag: string, cacheControl: string): Response {
  const headers = { ETag: etag, 'Cache-Control': cacheControl, 'Content-Type': 'image/png' };
  if (png === null) return new Response(null, { status: 304, headers });
  return new Response(png, { headers });
}

export const notModified = (request: Request, etag: string) => request.headers.get('if-none-match') === etag;

export const IMAGE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
