/**
 * `npm run repair-counts`: recomputes every denormalised counter from the facts
 * under it and prints what it changed (nothing, on a healthy database).
 */
import { dbDisconnect } from '@/lib/db';
import { repairCounts } from '@/lib/data/repair';

repairCounts()
  .then(async (fixes) => {
    for (const f of fixes) console.log(`${f.collection} ${f.id} ${f.field}: ${f.was} -> ${f.now}`);
    console.log(`repair-counts: ${fixes.length} counter${fixes.length === 1 ? '' : 's'} changed`);
    await dbDisconnect();
  })
  .catch(async (error: unknown) => {
    console.error('repair-counts failed:', error instanceof Error ? error.message : error);
    await dbDisconnect().catch(() => undefined);
    process.exit(1);
  });
