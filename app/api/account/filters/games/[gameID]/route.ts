// PUT /api/account/filters/games/{gameID} — the viewer has not watched this game yet: it is shielded from tip-off. Answers their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { markNotWatched } from '@/lib/data/filters/filter-settings';
import { shieldBody, shieldGameParams } from '@/lib/validation/filters';

export const PUT = filterWriteRoute({ params: shieldGameParams, body: shieldBody }, (user, { params, body }) =>
  markNotWatched(user, params.gameID, body.hours),
);
