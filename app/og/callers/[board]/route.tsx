// GET /og/callers/{board} — the 1200×630 Open Graph card of a callers board ('all' or a season such as 2026-27).
import { z } from 'zod';
import { boardTitle, formatRating } from '@/lib/caller-format';
import type { Board } from '@/lib/callers';
import { OG_IMAGE } from '@/lib/constants';
import { boardPage } from '@/lib/data/callers/caller-boards';
import { parseParams, route } from '@/lib/http';
import { CallersCardImage } from '@/lib/og/cards';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';
import { seasonParam } from '@/lib/validation/callers';

const boardParams = z.object({ board: z.union([z.literal('all'), seasonParam], { error: "must be 'all' or a season such as 2026-27" }) });

// The leaders are drawn as plain text: usernames are letters, digits and underscores, which the shipped fonts cover.
const LEADERS = 3;

export const GET = route(async (request, context) => {
  const { board } = await parseParams(context, boardParams);
  const { entries } = await boardPage(board as Board, null);
  const title = boardTitle(board as Board);
  const leaders = entries.slice(0, LEADERS).map((e) => ({ rank: e.rank, username: e.user.username, rating: formatRating(e.rating) }));
  const etag = etagOf(['callers', title, leaders]);
  if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
  const png = await renderPng(
    <CallersCardImage title={title} leaders={leaders} />,
    () => <CallersCardImage title={title} leaders={[]} />,
    OG_IMAGE,
  );
  return pngResponse(png, etag, IMAGE_CACHE);
});
