import 'server-only';
import mongoose from 'mongoose';
import { entityKey } from '@/lib/league/entities';
import { teamAt, toStints } from '@/lib/league/league';
import { searchKeys } from '@/lib/discovery/search-keys';
import { Player, type PlayerRow, Take, type TakeRow } from '@/models';

/**
 * Data migrations for league data stored before it had a history (lib/data/maintenance/migrations.ts runs them once,
 * under the schema's lease, while connecting, so they use models only). Each is safe to run again: it touches only what
 * still lacks what it adds, and stops between batches when `signal` says the lease is gone.
 */

const BATCH = 1000;

/**
 * Players stored before stints are on their team since before the league data's records (a stint with no start),
 * and get the name keys the console finds them by.
 */
export async function backfillPlayerStints(signal?: AbortSignal): Promise<void> {
  const noStints = {
    teamId: mongoose.trusted({ $ne: null }),
    $or: [{ stints: mongoose.trusted({ $exists: false }) }, { stints: mongoose.trusted({ $size: 0 }) }],
  };
  const players = await Player.find(noStints).select({ teamId: 1 }).lean<Pick<PlayerRow, '_id' | 'teamId'>[]>();
  for (let i = 0; i < players.length; i += BATCH) {
    signal?.throwIfAborted();
    await Player.bulkWrite(
      players.slice(i, i + BATCH).map((p) => ({
        updateOne: { filter: { _id: p._id, ...noStints }, update: { $set: { stints: [{ team: p.teamId!, from: null, to: null }] } } },
      })),
      { ordered: false },
    );
  }
  const unkeyed = await Player.find({ searchKeys: mongoose.trusted({ $exists: false }) })
    .select({ name: 1 })
    .lean<Pick<PlayerRow, '_id' | 'name'>[]>();
  for (let i = 0; i < unkeyed.length; i += BATCH) {
    signal?.throwIfAborted();
    await Player.bulkWrite(
      unkeyed
        .slice(i, i + BATCH)
        .map((p) => ({ updateOne: { filter: { _id: p._id }, update: { $set: { searchKeys: searchKeys(p.name) } } } })),
      { ordered: false },
    );
  }
}

/**
 * Takes stored without the team they belong to (before the fan-base split): a team take, its team; a player take,
 * the team he was on when it was posted, by his stints. A player's take then counts for that team as well (entityKeys,
countedKeys in lib/league/entities.ts), and the team joins the teams the take names (namedTeams, what the spoiler shield
matches): a database that ran take-entity-keys first filled both without it. Run after backfillPlayerStints.
 */
export async function backfillTakeTeams(signal?: AbortSignal): Promise<void> {
  const careers = new Map(
    (await Player.find({}).select({ stints: 1 }).lean<Pick<PlayerRow, '_id' | 'stints'>[]>()).map((p) => [p._id, toStints(p.stints)]),
  );
  let pending: Parameters<typeof Take.bulkWrite>[0] = [];
  const flush = async () => {
    signal?.throwIfAborted();
    if (pending.length) await Take.bulkWrite(pending, { ordered: false });
    pending = [];
  };
  // Every take is read once, as the migration runs once: an index on fanTeam for this alone would weigh on every write.
  const takes = Take.find({})
    .select({ entityType: 1, team: 1, playerID: 1, createdAt: 1, entityKeys: 1, fanTeam: 1 })
    .lean<Pick<TakeRow, '_id' | 'entityType' | 'team' | 'playerID' | 'createdAt' | 'entityKeys' | 'fanTeam'>>();
  for await (const take of takes.cursor()) {
    if (take.fanTeam != null) continue;
    const team =
      take.entityType === 'team'
        ? (take.team ?? null)
        : take.playerID == null
          ? null
          : teamAt(careers.get(take.playerID) ?? [], take.createdAt);
    if (team === null) continue;
    const counted = take.entityType === 'player' && take.entityKeys?.length ? { entityKeys: entityKey('team', team) } : {};
    pending.push({
      updateOne: {
        filter: { _id: take._id, fanTeam: null },
        update: { $set: { fanTeam: team }, $addToSet: { namedTeams: team, ...counted } },
      },
    });
    if (pending.length >= BATCH) await flush();
  }
  await flush();
}
