import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { countedKeys } from '@/lib/league/entities';
import { HiddenTake, Player, Take, Team } from '@/models';

const BACKFILL_BATCH = 500;

type Stored = { _id: Types.ObjectId; entityKey?: string; tags?: unknown[]; fanTeam?: number | null; namedTeams?: number[] };

/**
 * Gives takes stored before games existed the keys they count for (entityKeys: their focus, and a player's take its team when posted) and
 * the teams they name (namedTeams: their team, their player's team when posted, and their tagged teams and tagged
 * players' teams, the last as they play now, the nearest to then that is known). Hidden takes get them too, so a
 * restore brings them back whole. A take stored without an entityKey (written by hand) is left for its focus to be
 * read as none. Safe to run again: only takes without entityKeys are written. A data migration
 * (lib/data/maintenance/migrations.ts) runs this while the connection is being set up, so it reads models only; it
 * stops between batches once `signal` says its instance lost the schema's lease.
 */
export async function backfillEntityKeys(signal: AbortSignal): Promise<void> {
  const [teams, players] = await Promise.all([
    Team.find({}).select({ _id: 1 }).lean<{ _id: number }[]>(),
    Player.find({}).select({ teamId: 1 }).lean<{ _id: number; teamId?: number | null }[]>(),
  ]);
  const teamIds = new Set(teams.map((t) => t._id));
  const playerTeams = new Map(players.map((p) => [p._id, p.teamId ?? null]));
  const named = (take: Stored): number[] => {
    const fromTags = (take.tags ?? []).flatMap((tag) => {
      if (typeof tag !== 'number') return [];
      if (teamIds.has(tag)) return [tag];
      const team = playerTeams.get(tag);
      return team == null ? [] : [team];
    });
    return [...new Set([...(take.fanTeam == null ? [] : [take.fanTeam]), ...fromTags])];
  };
  const fields = (take: Stored) => ({
    entityKeys: take.entityKey ? countedKeys(take.entityKey, null, take.entityKey.startsWith('player:') ? take.fanTeam : null) : [],
    namedTeams: take.namedTeams ?? named(take),
  });
  const missing = { $exists: false };

  let batch: mongoose.AnyBulkWriteOperation[] = [];
  const flush = async (model: AnyModel) => {
    signal.throwIfAborted();
    if (batch.length) await model.bulkWrite(batch, { ordered: false });
    batch = [];
  };
  for await (const take of Take.find({ entityKeys: mongoose.trusted(missing) })
    .select({ entityKey: 1, tags: 1, fanTeam: 1, namedTeams: 1 })
    .lean<Stored>()
    .cursor()) {
    batch.push({ updateOne: { filter: { _id: take._id }, update: { $set: fields(take) } } });
    if (batch.length === BACKFILL_BATCH) await flush(Take);
  }
  await flush(Take);

  // Hidden takes are few and have no index on their take's fields: read whole, the ones with keys skipped.
  for await (const hidden of HiddenTake.find({})
    .select({ take: 1 })
    .lean<{ _id: Types.ObjectId; take: Stored & { entityKeys?: string[] } }>()
    .cursor()) {
    if (hidden.take.entityKeys) continue;
    const set = fields(hidden.take);
    batch.push({
      updateOne: {
        filter: { _id: hidden._id },
        update: { $set: { 'take.entityKeys': set.entityKeys, 'take.namedTeams': set.namedTeams } },
      },
    });
    if (batch.length === BACKFILL_BATCH) await flush(HiddenTake);
  }
  await flush(HiddenTake);
}
