import type { LeagueFile } from '@/lib/league/league-files';
import roster from '@/lib/data/league/shipped/roster.json';
import topics from '@/lib/data/league/shipped/topics.json';
import type { ReferenceData } from '@/scripts/seed-lib/demo-data';

/** The shipped league (lib/data/league/shipped/) in the shape the demo's builders take it. */
export function shippedReference(): ReferenceData {
  return {
    teams: roster.teams.map((t) => ({
      id: t.team_id,
      name: t.name,
      city: t.city,
      nickname: t.nickname,
      abbreviation: t.abbreviation,
      conference: t.conference as 'East' | 'West',
      primaryColor: t.primary_color,
      secondaryColor: t.secondary_color,
    })),
    players: roster.players.map((p) => ({ id: p.player_id, name: p.name, teamId: p.team_id, position: p.position, jersey: p.jersey })),
    topics: topics.topics.map((t) => ({ id: t.topic_id, name: t.name, description: t.description })),
  };
}

/** A game as the demo's builders make it (scripts/seed-lib/game-data.ts demoSlate). */
type ScheduledGame = {
  _id: number;
  season: string;
  home: number;
  away: number;
  tipoff: Date;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
};

/**
 * The demo's slate as a schedule file, so its games go into the database through the importer like any schedule: each
 * change to one is logged, and seeding again the same minute changes nothing. Its statuses and scores are those of the
 * seed's moment, so a later run moves them on (a game gone final is logged as scored).
 */
export function scheduleFile(games: ScheduledGame[], boxscores: object[] = []): LeagueFile {
  const rows = games.map((game) => ({
    game_id: String(game._id).padStart(10, '0'),
    season: game.season,
    tipoff: game.tipoff.toISOString(),
    home_team_id: game.home,
    away_team_id: game.away,
    status: game.status,
    home_score: game.homeScore,
    away_score: game.awayScore,
  }));
  return { name: 'demo-schedule.json', text: JSON.stringify({ games: rows, boxscores }, null, 2) };
}
