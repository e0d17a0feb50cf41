/**
 * `npm run repair-counts`: recomputes every denormalised counter from the facts
 * under it, and every take's search keys from its text, and prints what it
 * changed (nothing, on a healthy database).
 * `-- --dry-run` changes nothing and prints what it would change, ranking keys
 * included; its last line is JSON for tools (npm run bench).
 */
import { dbConnect, dbDisconnect } from '@/lib/db';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { backfillSearchKeys } from '@/lib/data/maintenance/search-backfill';

const dryRun = process.argv.includes('--dry-run');

dbConnect()
  .then(() => Promise.all([repairCounts({ dryRun }), backfillSearchKeys({ dryRun })]))
  .then(async ([fixes, searchKeys]) => {
    for (const f of fixes) console.log(`${f.collection} ${f.id} ${f.field}: ${f.was} -> ${f.now}${f.derived ? ' (ranking key)' : ''}`);
    const counters = fixes.filter((f) => !f.derived).length;
    console.log(
      `repair-counts: ${searchKeys} take${searchKeys === 1 ? '' : 's'}' search keys ${dryRun ? 'differ from their text' : 'written'}`,
    );
    if (dryRun) {
      console.log(
        `repair-counts: ${counters} counter${counters === 1 ? '' : 's'} and ${fixes.length - counters} ranking key${fixes.length - counters === 1 ? '' : 's'} disagree with their facts (dry run: nothing written)`,
      );
      console.log(JSON.stringify({ counters, rankingKeys: fixes.length - counters }));
    } else console.log(`repair-counts: ${fixes.length} counter${fixes.length === 1 ? '' : 's'} changed`);
    await dbDisconnect();
  })
  .catch(async (error: unknown) => {
    console.error('repair-counts failed:', error instanceof Error ? error.message : error);
    await dbDisconnect().catch(() => undefined);
    process.exit(1);
  });
