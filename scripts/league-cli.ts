/**
 * `npm run league -- import <file>… [--dry-run] [--complete] [--by <username>]`: league files (CSV or JSON,
 * docs/league-data.md) into the database at MONGODB_URI, through the same importer as the console's upload
 * (lib/data/league/league-import.ts). The dry run prints the difference and writes nothing; without it the difference
 * is applied all or nothing, and a second run finds nothing to do. A bad row stops it with its file, line and field.
 * Bundled by scripts/league.mjs, so it runs where only the production dependencies are installed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dbConnect, dbDisconnect, prepareConnectionWith } from '@/lib/db';
import { importLeague } from '@/lib/data/league/league-import';
import { ensureSchema } from '@/lib/data/maintenance/schema';
import { AppError } from '@/lib/errors';
import { User, type UserRow } from '@/models';

const USAGE = 'usage: npm run league -- import <file>… [--dry-run] [--complete] [--by <username>]';

// It writes as a server would: on this release's schema, applied first if no server has (indexes, migrations and, on
// an empty database, the shipped league: lib/data/maintenance/schema.ts).
prepareConnectionWith(ensureSchema);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'import') {
    console.error(USAGE);
    return 2;
  }
  const files: string[] = [];
  let dryRun = false;
  let complete = false;
  let by: string | null = null;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--complete') complete = true;
    else if (arg === '--by') by = rest[(i += 1)] ?? null;
    else if (arg.startsWith('--')) {
      console.error(`unknown option ${arg}\n${USAGE}`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0 || (by !== null && !by)) {
    console.error(USAGE);
    return 2;
  }
  const texts = files.map((file) => ({ name: path.basename(file), text: readFileSync(file, 'utf8') }));
  await dbConnect();
  // The administrator the log names for these changes; without --by it records an import with no one named.
  const admin = by ? await User.findOne({ username: by.toLowerCase() }).select({ _id: 1 }).lean<Pick<UserRow, '_id'>>() : null;
  if (by && !admin) {
    console.error(`no user named ${by}`);
    return 2;
  }
  const report = await importLeague(texts, { dryRun, complete, by: admin?._id ?? null, source: 'import' });
  const counts = Object.entries(report.counts).map(([what, n]) => `${what}: ${n}`);
  const verdict =
    counts.length === 0
      ? 'nothing to change'
      : dryRun
        ? `dry run, nothing written: would change ${counts.join(', ')}`
        : `applied: ${counts.join(', ')}`;
  console.log(verdict);
  for (const change of report.changes) console.log(`  ${change.subject} ${change.subjectId} ${change.action}: ${change.summary}`);
  if (report.conflicts) console.log(`${report.conflicts} change(s) left alone: their subject was changed meanwhile`);
  return 0;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await dbDisconnect();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    // A refused import names every problem; anything else is a failure to report as it is.
    console.error(error instanceof AppError ? `refused, nothing written:\n${error.message}` : error);
    await dbDisconnect().catch(() => undefined);
    process.exit(1);
  });
