import 'server-only';
import { dbConnect } from '@/lib/db';
import { repairCallerStats } from '@/lib/data/callers/caller-repair';
import { markForCheck } from '@/lib/data/counters/counter-checks';
import { reconcile, type Fix } from '@/lib/data/counters/counter-ledgers';

export type { Fix };

/**
 * Recomputes every denormalised counter from the facts under it (actions,
 * comments, follows, takes) and fixes the ones that disagree, the way the
 * scheduled job does for what changed lately (lib/data/counters/counter-ledgers.ts): a
 * difference that holds still is applied with a conditional $inc, so likes
 * made meanwhile on any instance are kept. On a healthy database it changes
 * nothing and reports nothing. Callers standings are recomputed from their
 * scored receipts too (lib/data/callers/caller-repair.ts). `dryRun` writes nothing and also reports the
 * ranking keys that disagree with their counts (marked `derived`), which a
 * repair brings in line without reporting them.
 */
export async function repairCounts({ dryRun = false }: { dryRun?: boolean } = {}): Promise<Fix[]> {
  await dbConnect();
  const fixes: Fix[] = [];
  // Takes before their entities' stats, which sum the takes' counters.
  for (const kind of ['take', 'comment', 'user', 'entity'] as const) {
    const { fixes: found, unsettled } = await reconcile(kind, { dryRun });
    fixes.push(...found);
    // A difference that moved while it was measured (writes landing meanwhile) is left to the scheduled job's next check.
    await markForCheck(unsettled.map((id) => ({ kind, id })));
  }
  fixes.push(...(await repairCallerStats({ dryRun })));
  return fixes;
}
