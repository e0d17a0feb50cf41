// GET /api/capture?takeID&entityName&entityImage — the 1080×1920 share image of a take (PNG).
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import { SHARE_IMAGE } from '@/lib/constants';
import { topComment } from '@/lib/data/comments/comments';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { pictureOf } from '@/lib/league/entities';
import { takeToDraw } from '@/lib/data/takes/takes';
import { parseQuery } from '@/lib/http';
import { segments, type Segment } from '@/lib/og/assets';
import { entityArt, storageImage } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng, siteName } from '@/lib/og/render';
import { ShareImage, shareImage } from '@/lib/og/share-image';
import { captureQuery } from '@/lib/validation/takes';

const textOnly = (list: Segment[]) => list.filter((s) => 'text' in s);

type Share = { takeID: string; entityName: string | null; entityImage: string | null };

/**
 * The share link's entityName and entityImage are honoured (docs/product.md#api); the image
 * only when it is a file on the storage host, so a link cannot make the server
 * fetch, or the site's picture show, anything else. The image's one address
 * names only what the drawing uses, in one order: the take's id, the name as
 * drawn (trimmed), and the picture as it would be fetched.
 */
export const GET = imageRoute(
  async (request) => {
    const query = parseQuery(request, captureQuery);
    const share: Share = {
      takeID: query.takeID,
      entityName: query.entityName?.trim() || null,
      entityImage: storageImage(query.entityImage),
    };
    const used = Object.entries(share).filter((entry): entry is [string, string] => entry[1] !== null);
    return { path: `/api/capture?${new URLSearchParams(used)}`, value: share };
  },
  async (request, share) => {
    // The take and its top comment side by side, both as cached (a warm image reads only the comment's author); an
    // id that names no take is a 404 and keeps nothing in the cache. Both are settled before anything is answered, so
    // a 404 does not leave the comments' read running after it.
    const reading = takeToDraw(share.takeID);
    const takeFound = reading.then(
      () => true,
      () => false,
    );
    const [taken, topped] = await Promise.allSettled([reading, topComment(share.takeID, { takeFound, asCached: true })]);
    if (taken.status === 'rejected') throw taken.reason;
    if (topped.status === 'rejected') throw topped.reason;
    const [take, top] = [taken.value, topped.value];
    const name = share.entityName ?? take.entity.name;
    const picture = pictureOf(take.entity, take.matchup);
    const art = await entityArt(picture, badgeFor(picture), share.entityImage);
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
    const png = await renderPng(
      () => shareImage(props),
      () => <ShareImage {...plain} />,
      SHARE_IMAGE,
    );
    return pngResponse(png, etag, IMAGE_CACHE);
  },
);
