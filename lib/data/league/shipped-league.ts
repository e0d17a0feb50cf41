import 'server-only';
import type { LeagueFile } from '@/lib/league/league-files';
import type { ImportReport } from '@/lib/validation/league';
import roster from '@/lib/data/league/shipped/roster.json';
import topics from '@/lib/data/league/shipped/topics.json';
import { Team } from '@/models';
import { importLeague } from './league-import';

/**
 * The league a new deployment starts with (docs/league-data.md#the-shipped-data): the 30 teams, a full roster and the
 * topics. Imported rather than read from disk, so the data is inside the server bundle wherever the build runs (a
 * checkout, the standalone output, a Vercel function, the league command's bundle) and needs no file tracing. It goes
 * through the importer like any file, as the text it is in the repository, so a problem names its line there.
 */
export const SHIPPED_LEAGUE_FILES: LeagueFile[] = [
  { name: 'lib/data/league/shipped/roster.json', text: `${JSON.stringify(roster, null, 2)}\n` },
  { name: 'lib/data/league/shipped/topics.json', text: `${JSON.stringify(topics, null, 2)}\n` },
];

/**
 * Loads the shipped league into a database that has none (no team stored): what the first instance of a new
 * deployment does before it serves (lib/data/maintenance/migrations.ts runs it under the schema's lease). A database
 * that already has its league is not touched and answers null: the league changes through the console and imports
 * from then on. The load is one league batch, all or nothing, and logged as the data the deploy started with.
 */
export async function loadShippedLeague(): Promise<ImportReport | null> {
  if ((await Team.exists({})) !== null) return null;
  return importLeague(SHIPPED_LEAGUE_FILES, { dryRun: false, by: null, source: 'bootstrap' });
}
