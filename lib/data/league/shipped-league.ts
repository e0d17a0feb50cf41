import 'server-only';
import mongoose from 'mongoose';
import { z } from 'zod';
import players from '@/lib/data/league/shipped/nba-players.json';
import teams from '@/lib/data/league/shipped/nba-teams.json';
import topics from '@/lib/data/league/shipped/special-topics.json';
import { Player, SpecialTopic, Team } from '@/models';

const text = z.string().min(1);
const shippedLeague = z.object({
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: text,
      city: text,
      nickname: text,
      abbreviation: text,
      conference: z.enum(['East', 'West']),
      primaryColor: text,
      secondaryColor: text,
    }),
  ),
  players: z.array(z.object({ id: z.number().int(), name: text, teamId: z.number().int(), position: z.string(), jersey: z.string() })),
  topics: z.array(z.object({ id: text, name: text, description: z.string() })),
});

/**
 * The league as the repository ships it: teams, players and special topics, checked against the shape the models
 * expect. Imported rather than read from disk, so the data is inside the server bundle wherever the build runs (a
 * checkout, the standalone output, a Vercel function) and needs no file tracing, no seed script and no dev dependency.
 */
export const SHIPPED_LEAGUE = shippedLeague.parse({ teams, players, topics });

export type ShippedLeagueCounts = { teams: number; players: number; topics: number };

/** Inserts what is missing; an id already stored is left as it is (a re-run after an interrupted load). */
async function insertMissing<T>(model: mongoose.Model<T>, docs: object[]): Promise<number> {
  try {
    return (await model.insertMany(docs, { ordered: false })).length;
  } catch (error) {
    const bulk = error as { writeErrors?: { code?: number }[]; insertedDocs?: unknown[] };
    if (!(error instanceof mongoose.mongo.MongoBulkWriteError) || !(bulk.writeErrors ?? []).every((e) => e.code === 11000)) throw error;
    return bulk.insertedDocs?.length ?? 0;
  }
}

/**
 * Loads the shipped league into a database that has none (no team stored): what the first instance of a new
 * deployment does before it serves (lib/data/maintenance/schema.ts runs it under the schema's lease). A database
 * that already has its league is not touched and answers null: the league changes through its own tools from then on.
 */
export async function loadShippedLeague(): Promise<ShippedLeagueCounts | null> {
  if ((await Team.exists({})) !== null) return null;
  const withId = <T extends { id: unknown }>({ id, ...rest }: T) => ({ _id: id, ...rest });
  return {
    teams: await insertMissing(Team, SHIPPED_LEAGUE.teams.map(withId)),
    players: await insertMissing(Player, SHIPPED_LEAGUE.players.map(withId)),
    topics: await insertMissing(SpecialTopic, SHIPPED_LEAGUE.topics.map(withId)),
  };
}
