// POST /api/account/filters/games/{gameID}/watched — the viewer watched the game: its spoiler shield lifts. Answers their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { markWatched } from '@/lib/data/filters/filter-settings';
import { shieldGameParams } from '@/lib/validation/filters';

export const POST = filterWriteRoute({ params: shieldGameParams }, (user, { params }) => markWatched(user, params.gameID));
