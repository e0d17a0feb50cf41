import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { searchKeys } from '@/lib/discovery/search-keys';
import { Player, SpecialTopic, Take, type TakeRow, Team, User } from '@/models';

const BACKFILL_BATCH = 500;

/**
 * A data migration (lib/data/maintenance/migrations.ts) runs this while the
 * connection is being set up, so it reads models only: nothing here may wait
 * for lib/db.ts, which is waiting for it. Its callers connect first.
 */

/**
 * Every entity's name by its key ('player:201939'), as lib/data/shared/directory.ts names a take's focus, and each
 * team's short name by its id, which name a game ("Celtics @ Lakers").
 */
async function entityNames(): Promise<{ names: Map<string, string>; nicknames: Map<number, string> }> {
  const [players, teams, topics] = await Promise.all([
    Player.find({}).select({ name: 1 }).lean<{ _id: number; name: string }[]>(),
    Team.find({}).select({ name: 1, nickname: 1 }).lean<{ _id: number; name: string; nickname: string }[]>(),
    SpecialTopic.find({}).select({ name: 1 }).lean<{ _id: string; name: string }[]>(),
  ]);
  const names = new Map([
    ...players.map((p) => [`player:${p._id}`, p.name] as const),
    ...teams.map((t) => [`team:${t._id}`, t.name] as const),
    ...topics.map((s) => [`special:${s._id}`, s.name] as const),
  ]);
  return { names, nicknames: new Map(teams.map((t) => [t._id, t.nickname])) };
}

async function usernames(ids: Types.ObjectId[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const users = await User.find({ _id: mongoose.trusted({ $in: ids }) })
    .select({ username: 1 })
    .lean<{ _id: Types.ObjectId; username: string }[]>();
  return new Map(users.map((u) => [String(u._id), u.username]));
}

/**
 * Writes the search keys of every take whose stored keys differ from what its
 * text, focus's name and author's username give (takes stored before search
 * had keys, or after a rename in the reference data); returns how many it
 * wrote, or would write with `dryRun`. Safe to run again: a second run writes
 * nothing. Called by `npm run repair-counts`; the migration passes the lease's
 * `signal`, which stops it between batches once its instance lost the lease.
 */
export async function backfillSearchKeys({ dryRun = false, signal }: { dryRun?: boolean; signal?: AbortSignal } = {}): Promise<number> {
  type Stored = Pick<TakeRow, '_id' | 'title' | 'description' | 'entityKey' | 'matchup' | 'createdBy'> & { searchKeys?: string[] };
  const { names, nicknames } = await entityNames();
  // A take on a game is found by its teams' short names, as createTake keys it (lib/data/takes/takes.ts).
  const focusName = (take: Stored) =>
    take.matchup
      ? `${nicknames.get(take.matchup.away) ?? 'Unknown Team'} @ ${nicknames.get(take.matchup.home) ?? 'Unknown Team'}`
      : (names.get(take.entityKey) ?? '');
  let written = 0;
  let batch: Stored[] = [];
  const flush = async () => {
    signal?.throwIfAborted();
    // A take stored without some field (written by hand, or before it existed) is keyed by what it has.
    const authors = await usernames(batch.flatMap((t) => (t.createdBy ? [t.createdBy] : [])));
    const updates = batch.flatMap((take) => {
      const keys = searchKeys(take.title ?? '', take.description ?? '', focusName(take), authors.get(String(take.createdBy)) ?? '');
      return take.searchKeys?.join(' ') === keys.join(' ')
        ? []
        : [{ updateOne: { filter: { _id: take._id }, update: { $set: { searchKeys: keys } } } }];
    });
    if (updates.length && !dryRun) await Take.bulkWrite(updates, { ordered: false });
    written += updates.length;
    batch = [];
  };
  for await (const take of Take.find({}).select('title description entityKey matchup createdBy +searchKeys').lean<Stored>().cursor()) {
    batch.push(take);
    if (batch.length === BACKFILL_BATCH) await flush();
  }
  if (batch.length) await flush();
  return written;
}
