import 'server-only';
import { dbConnect } from '@/lib/db';
import type { LeagueFile } from '@/lib/league-files';
import type { ImportReport } from '@/lib/validation/league';
import roster from '@/league/roster.json';
import topics from '@/league/topics.json';
import { Team } from '@/models';
import { importLeague } from './league-import';

/**
 * The league data a new deploy starts with (league/, docs/league-data.md#the-shipped-data): the 30 teams, a full roster
 * and the topics, bundled with the code (imported, so every host has them without reading the disk). They go in
 * through the importer like any file, as the text they are in the repository, so a problem names its line there.
 */
export const SHIPPED_LEAGUE_FILES: LeagueFile[] = [
  { name: 'league/roster.json', text: `${JSON.stringify(roster, null, 2)}\n` },
  { name: 'league/topics.json', text: `${JSON.stringify(topics, null, 2)}\n` },
];

/**
 * Loads the shipped league into a database that has none; a league already there is the operators' and is left as it
 * is (null). For the first instance's bootstrap.
 */
export async function loadShippedLeague(): Promise<ImportReport | null> {
  await dbConnect();
  if (await Team.exists({})) return null;
  return importLeague(SHIPPED_LEAGUE_FILES, { dryRun: false, by: null, source: 'bootstrap' });
}
