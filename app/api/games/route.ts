// GET /api/games?date&tz — a day's slate in a time zone, tip-off order; without a date today there, without a zone the league's.
import { LEAGUE_TIME_ZONE } from '@/lib/constants';
import { now } from '@/lib/clock';
import { slateOf } from '@/lib/data/games/games';
import { dayIn } from '@/lib/game-day';
import { json, parseQuery, route } from '@/lib/http';
import { slateQuery } from '@/lib/validation/games';

export const GET = route(async (request) => {
  const { date, tz = LEAGUE_TIME_ZONE } = parseQuery(request, slateQuery);
  return json(await slateOf(date ?? dayIn(await now(), tz), tz));
});
