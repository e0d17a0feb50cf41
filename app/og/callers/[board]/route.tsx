// GET /og/callers/{board} — the 1200×630 Open Graph card of a callers board ('all' or a season such as 2026-27).
import { z } from 'zod';
import { boardTitle, formatRating } from '@/lib/callers/caller-format';
import type { Board } from '@/lib/callers/callers';
import { now } from '@/lib/clock';
import { OG_IMAGE } from '@/lib/og/constants';
import { boardExists, boardPage } from '@/lib/data/callers/caller-boards';
import { notFound } from '@/lib/errors';
import { parseParams } from '@/lib/http';
import { CallersCardImage } from '@/lib/og/cards';
import { imageRoute } from '@/lib/og/image-route';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';
import { seasonParam } from '@/lib/validation/callers';

const boardParams = z.object({ board: z.union([z.literal('all'), seasonParam], { error: "must be 'all' or a season such as 2026-27" }) });

// The leaders are drawn as plain text: usernames are letters, digits and underscores, which the shipped fonts cover.
const LEADERS = 3;

export const GET = imageRoute(
  async (_request, context) => {
    const { board } = await parseParams(context, boardParams);
    return { path: `/og/callers/${board}`, value: board as Board };
  },
  async (request, board) => {
    // A season nobody has a standing on has no board to draw: there are ten thousand such names, and none is a card.
    if (!(await boardExists(board, await now()))) throw notFound('No such board.');
    const { entries } = await boardPage(board, null);
    const title = boardTitle(board);
    const leaders = entries.slice(0, LEADERS).map((e) => ({ rank: e.rank, username: e.user.username, rating: formatRating(e.rating) }));
    const etag = etagOf(['callers', title, leaders]);
    if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
    const png = await renderPng(
      <CallersCardImage title={title} leaders={leaders} />,
      () => <CallersCardImage title={title} leaders={[]} />,
      OG_IMAGE,
    );
    return pngResponse(png, etag, IMAGE_CACHE);
  },
);
