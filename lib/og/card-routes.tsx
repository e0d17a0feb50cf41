import 'server-only';
import { OG_IMAGE } from '@/lib/og/constants';
import { segments } from '@/lib/og/assets';
import type { EntityArt } from '@/lib/og/art';
import type { Pictured } from '@/lib/og/entity-art';
import { entityCard, EntityCardImage } from '@/lib/og/cards';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';

/**
 * The 1200×630 card answer shared by the player, team, topic and profile images, drawn with `art`: the entity's
 * picture from the storage host or its badge (`entityArt`), or a profile's initials (`badgeArt`).
 */
export async function entityCardResponse(request: Request, entity: Pictured, subtitle: string, art: EntityArt): Promise<Response> {
  const etag = etagOf([entity, subtitle, art.badge, art.key]);
  if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
  const name = await segments(entity.name);
  const plain = name.filter((s) => 'text' in s);
  const png = await renderPng(
    () => entityCard({ name, subtitle, art }),
    () => <EntityCardImage name={plain} subtitle={subtitle} art={art} />,
    OG_IMAGE,
  );
  return pngResponse(png, etag, IMAGE_CACHE);
}
