import 'server-only';
import type { Fix } from '@/lib/data/counters/counter-ledgers';
import { scoresOf, standingsOf, statId, type Standing } from '@/lib/data/callers/caller-standings';
import type { Board } from '@/lib/callers/callers';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { CallerScore, CallerStat, type CallerStatRow, User, type UserRow } from '@/models';

const FIELDS = ['scored', 'points', 'rating', 'well', 'poorly', 'close', 'days', 'hitRateLow', 'qualified', 'provisional'] as const;
// Points and ratings are sums of fractions: a difference below this is the order they were added in, not drift.
const TOLERANCE = 1e-9;
const asNumber = (value: unknown) => (typeof value === 'boolean' ? Number(value) : typeof value === 'number' ? value : Number.NaN);

/**
 * Recomputes every fan's Callers standings from their CallerScore facts
 * (`npm run repair-counts`) and fixes those that disagree, as the scheduled
 * job's scoring writes them; a standing with no facts under it (its fan's
 * scores are gone) is removed, reported as scored → 0. Returns what differed.
 */
export async function repairCallerStats({ dryRun = false }: { dryRun?: boolean } = {}): Promise<Fix[]> {
  const fans = new Set([...(await CallerScore.distinct('author')), ...(await CallerStat.distinct('user'))].map(String));
  const fixes: Fix[] = [];
  for (const fan of fans) {
    const [scores, stored, user] = await Promise.all([
      scoresOf(fan),
      CallerStat.find({ user: fan }).lean<CallerStatRow[]>(),
      User.findById(fan).select({ favoriteTeam: 1 }).lean<Pick<UserRow, 'favoriteTeam'>>(),
    ]);
    const boards = user ? standingsOf(scores) : new Map<Board, Standing>();
    const byId = new Map(stored.map((s) => [s._id, s]));
    const writes = [];
    for (const [board, standing] of boards) {
      const id = statId(board, fan);
      const was = byId.get(id);
      byId.delete(id);
      const differ = FIELDS.filter((f) => !(Math.abs(asNumber(was?.[f] ?? 0) - asNumber(standing[f])) <= TOLERANCE));
      const team = user?.favoriteTeam ?? null;
      if (differ.length === 0 && was && (was.favoriteTeam ?? null) === team) continue;
      for (const f of differ)
        fixes.push({ collection: 'callerstats', id, field: f, was: asNumber(was?.[f] ?? 0), now: asNumber(standing[f]) });
      writes.push({
        updateOne: {
          filter: { _id: id },
          update: { $set: { ...standing, user: fan, board, favoriteTeam: team, updatedAt: new Date() } },
          upsert: true,
        },
      });
    }
    for (const orphan of byId.values()) {
      fixes.push({ collection: 'callerstats', id: orphan._id, field: 'scored', was: orphan.scored ?? 0, now: 0 });
      writes.push({ deleteOne: { filter: { _id: orphan._id } } });
    }
    if (!dryRun && writes.length > 0) await CallerStat.bulkWrite(writes);
  }
  if (!dryRun && fixes.length > 0) await expireLists(LIST_TAGS.callers);
  return fixes;
}
