import 'server-only';
import { OG_IMAGE } from '@/lib/constants';
import type { EntityRef } from '@/lib/data/directory';
import { segments } from '@/lib/og/assets';
import { EntityCardImage, type BadgeArt } from '@/lib/og/cards';
import { badgeFor, etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';

/** The 1200×630 card answer shared by the player, team, topic and profile images. */
export async function entityCardResponse(request: Request, entity: EntityRef, subtitle: string, badge?: BadgeArt): Promise<Response> {
  const art = badge ?? (await badgeFor(entity));
  const etag = etagOf([entity, subtitle, art]);
  if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
  const name = await segments(entity.name);
  const plain = name.filter((s) => 'text' in s);
  const png = await renderPng(
    <EntityCardImage name={name} subtitle={subtitle} badge={art} />,
    () => <EntityCardImage name={plain} subtitle={subtitle} badge={art} />,
    OG_IMAGE,
  );
  return pngResponse(png, etag, IMAGE_CACHE);
}
