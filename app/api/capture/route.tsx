// GET /api/capture?takeID&entityName&entityImage — the 1080×1920 share image of a take (PNG).
import { SHARE_IMAGE } from '@/lib/constants';
import { topComment } from '@/lib/data/comments';
import { getTake } from '@/lib/data/takes';
import { parseQuery, route } from '@/lib/http';
import { segments, type Segment } from '@/lib/og/assets';
import { badgeFor, etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng, siteName } from '@/lib/og/render';
import { ShareImage } from '@/lib/og/share-image';
import { captureQuery } from '@/lib/validation/takes';

const textOnly = (list: Segment[]) => list.filter((s) => 'text' in s);

export const GET = route(async (request) => {
  const { takeID } = parseQuery(request, captureQuery);
  const [take, top] = await Promise.all([getTake(takeID), topComment(takeID)]);
  const site = siteName();
  const etag = etagOf([take._id, take.title, take.description, take.entity, top && [top._id, top.text, top.user.username], site]);
  if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);

  const [title, description, entityName, comment] = await Promise.all([
    segments(take.title),
    segments(take.description),
    segments(take.entity.name),
    top ? segments(top.text) : null,
  ]);
  const props = {
    title,
    description,
    entityName,
    entityBadge: await badgeFor(take.entity),
    topComment: top && comment ? { username: top.user.username, text: comment } : null,
    siteName: site,
  };
  const plain = { ...props, title: textOnly(title), description: textOnly(description), topComment: props.topComment && { ...props.topComment, text: textOnly(props.topComment.text) } };
  const png = await renderPng(<ShareImage {...props} />, () => <ShareImage {...plain} />, SHARE_IMAGE);
  return pngResponse(png, etag, IMAGE_CACHE);
});
