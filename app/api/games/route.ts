// GET /api/games?date&tz — a day's slate in a time zone, tip-off order; without a date today there, without a zone the league's.
// A signed-in viewer's spoiler shield keeps the scores of the games it covers out.
import { LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { now } from '@/lib/clock';
import { readerForRequest } from '@/lib/data/filters/reader';
import { shownGame } from '@/lib/data/filters/lists';
import { slateOf } from '@/lib/data/games/games';
import { dayIn } from '@/lib/games/game-day';
import { json, parseQuery, route } from '@/lib/http';
import { slateQuery } from '@/lib/validation/games';

export const GET = route(async (request) => {
  const { date, tz = LEAGUE_TIME_ZONE } = parseQuery(request, slateQuery);
  const [slate, reader] = await Promise.all([slateOf(date ?? dayIn(await now(), tz), tz), readerForRequest(request)]);
  return json({ ...slate, games: slate.games.map((game) => shownGame(reader, game)) });
});
