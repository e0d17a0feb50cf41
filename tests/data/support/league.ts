import { importLeague } from '@/lib/data/league/league-import';
import { type Fan, outcome, TEAMS } from '@/tests/data/support/fans';

/**
 * Fixtures of the league's data tests, as tests/support/league.ts has them for the API suite: players, teams and games of
 * their own (ids no real player, team or game has), on teams of the shipped league.
 */
const run = Math.floor(Math.random() * 80_000);
let next = 0;
/** A person id no shipped player has (theirs stop well below 1,700,000). */
export const freshPlayerId = () => 1_900_000 + run * 10 + (next += 1);
/** A team id outside the league's own (1610612737–1610612766). */
export const freshTeamId = () => 1_612_000_000 + run * 10 + (next += 1);
/** A game id of the 2026-27 regular season, in a range neither its real games nor the demo's use. */
export const freshGameId = () => 22_680_000 + ((run * 7 + (next += 1)) % 9_999);

export const [EAST, WEST, THIRD] = [TEAMS[20]!, TEAMS[21]!, TEAMS[22]!];

/** POST /api/moderation/league/import with these files (the route reads each upload as UTF-8 text): its report, or the refusal. */
export function importFiles(
  admin: Fan,
  files: { name: string; text: string }[],
  { dryRun = false, complete = false }: { dryRun?: boolean; complete?: boolean } = {},
) {
  return outcome(() => importLeague(files, { dryRun, complete, by: admin.id, source: 'import' }));
}

/** A player of the tests' own, on `team` since before the records (as the shipped roster has them), through an import. */
export async function addFixturePlayer(admin: Fan, name: string, team: number, extra: Record<string, unknown> = {}): Promise<number> {
  const id = freshPlayerId();
  const reply = await importFiles(admin, [
    { name: 'fixture.json', text: JSON.stringify({ players: [{ player_id: id, name, team_id: team, position: 'G', ...extra }] }) },
  ]);
  if (reply.status !== 200) throw new Error(`fixture player: ${reply.status} ${JSON.stringify(reply.body)}`);
  return id;
}

export const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
