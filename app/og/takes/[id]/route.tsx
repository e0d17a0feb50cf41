// GET /og/takes/{id} — the 1200×630 Open Graph card of a take.
import { OG_IMAGE } from '@/lib/og/constants';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { pictureOf } from '@/lib/league/entities';
import { getTake } from '@/lib/data/takes/takes';
import { parseParams } from '@/lib/http';
import { segments } from '@/lib/og/assets';
import { takeCard, TakeCardImage } from '@/lib/og/cards';
import { entityArt } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';
import { likePercentage } from '@/lib/discovery/ranking';
import { idParams } from '@/lib/validation/common';

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, idParams);
    return { path: `/og/takes/${id}`, value: id };
  },
  async (request, id) => {
    const take = await getTake(id);
    const likePct = likePercentage(take.likes, take.dislikes);
    const picture = pictureOf(take.entity, take.matchup);
    const art = await entityArt(picture, badgeFor(picture));
    const etag = etagOf([take._id, take.title, take.entity, take.createdBy.username, likePct, art.badge, art.key]);
    if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
    const title = await segments(take.title);
    const props = { entityName: take.entity.name, art, author: take.createdBy.username, likePct };
    const png = await renderPng(
      () => takeCard({ title, ...props }),
      () => <TakeCardImage title={title.filter((s) => 'text' in s)} {...props} />,
      OG_IMAGE,
    );
    return pngResponse(png, etag, IMAGE_CACHE);
  },
);
