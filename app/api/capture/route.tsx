// GET /api/capture?takeID&entityName&entityImage — the 1080×1920 share image of a take (PNG).
import { FALLBACK_LABELS, SHARE_IMAGE } from '@/lib/constants';
import { topComment } from '@/lib/data/comments/comments';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { getTake } from '@/lib/data/takes/takes';
import { parseQuery, route } from '@/lib/http';
import { segments, type Segment } from '@/lib/og/assets';
import { entityArt, storageImage } from '@/lib/og/entity-art';
import { inRenderSlot } from '@/lib/og/render-slots';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng, siteName } from '@/lib/og/render';
import { ShareImage } from '@/lib/og/share-image';
import { rateLimit } from '@/lib/rate-limit';
import { captureQuery } from '@/lib/validation/takes';

const textOnly = (list: Segment[]) => list.filter((s) => 'text' in s);

/**
 * The share link's entityName and entityImage are honoured (docs/product.md#api); the image
 * only when it is a file on the storage host, so a link cannot make the server
 * fetch, or the site's picture show, anything else.
 */
export const GET = route(async (request) => {
  const query = parseQuery(request, captureQuery);
  // Every call counts, a revalidation too: a made-up entityName makes each one a fresh render.
  await rateLimit('capture', request);
  const [take, top] = await Promise.all([getTake(query.takeID), topComment(query.takeID)]);
  const name = query.entityName?.trim() || take.entity.name;
  const art = await entityArt(take.entity, badgeFor(take.entity), storageImage(query.entityImage));
  const description = take.description.trim() || FALLBACK_LABELS.content;
  const comment = top && {
    author: top.user._id ? `@${top.user.username}` : top.user.username,
    text: top.text.trim() || FALLBACK_LABELS.content,
  };
  const site = siteName();
  const etag = etagOf([
    take._id,
    take.title,
    description,
    name,
    art.badge,
    art.key,
    comment && [top._id, comment.author, comment.text],
    site,
  ]);
  if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);

  const [titleSegments, descriptionSegments, nameSegments, commentSegments] = await Promise.all([
    segments(take.title),
    segments(description),
    segments(name),
    comment ? segments(comment.text) : null,
  ]);
  const props = {
    title: titleSegments,
    description: descriptionSegments,
    entityName: nameSegments,
    entityArt: art,
    topComment: comment && commentSegments ? { author: comment.author, text: commentSegments } : null,
    siteName: site,
  };
  const plain = {
    ...props,
    title: textOnly(titleSegments),
    description: textOnly(descriptionSegments),
    entityName: textOnly(nameSegments),
    topComment: props.topComment && { ...props.topComment, text: textOnly(props.topComment.text) },
  };
  const png = await inRenderSlot(() => renderPng(<ShareImage {...props} />, () => <ShareImage {...plain} />, SHARE_IMAGE));
  return pngResponse(png, etag, IMAGE_CACHE);
});
