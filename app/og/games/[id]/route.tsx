// GET /og/games/{id} — the 1200×630 Open Graph card of a game: the matchup, its score or tip-off, its thread.
import { LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { OG_IMAGE } from '@/lib/og/constants';
import { badgeFor } from '@/lib/data/discovery/entity-badge';
import { getGame } from '@/lib/data/games/games';
import { notFound } from '@/lib/errors';
import { dayIn, dayLabel, tipoffLabel } from '@/lib/games/game-day';
import { parseParams } from '@/lib/http';
import { MatchupCardImage } from '@/lib/og/cards';
import { entityArt } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { etagOf, IMAGE_CACHE, notModified, pngResponse, renderPng } from '@/lib/og/render';
import { gameParams, type GameTeam } from '@/lib/validation/games';

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, gameParams);
    return { path: `/og/games/${id}`, value: id };
  },
  async (request, id) => {
    const game = await getGame(id);
    if (!game) throw notFound('Game not found.');
    const art = (team: GameTeam) => {
      const pictured = { type: 'team' as const, id: team.id, name: team.name };
      return entityArt(pictured, badgeFor(pictured));
    };
    const [awayArt, homeArt] = await Promise.all([art(game.away), art(game.home)]);
    const tipoff = new Date(game.tipoff);
    // A link preview is the same for everyone: times in the league's own zone, named.
    const when = `${dayLabel(dayIn(tipoff, LEAGUE_TIME_ZONE))} · ${tipoffLabel(tipoff, LEAGUE_TIME_ZONE)}`;
    const status = { final: 'Final', live: 'Live', postponed: 'Postponed', cancelled: 'Cancelled', scheduled: 'Tonight' }[game.status];
    const [awayScore, homeScore] = [game.awayScore ?? 0, game.homeScore ?? 0];
    const final = game.status === 'final';
    const away = { name: game.away.nickname, score: game.awayScore, art: awayArt, won: final && awayScore > homeScore };
    const home = { name: game.home.nickname, score: game.homeScore, art: homeArt, won: final && homeScore > awayScore };
    const etag = etagOf(['game', game, awayArt.key, homeArt.key]);
    if (notModified(request, etag)) return pngResponse(null, etag, IMAGE_CACHE);
    const props = { away, home, status, when, takes: game.takes };
    const png = await renderPng(<MatchupCardImage {...props} />, () => <MatchupCardImage {...props} />, OG_IMAGE);
    return pngResponse(png, etag, IMAGE_CACHE);
  },
);
