import 'server-only';
import mongoose, { type Types } from 'mongoose';
import type { z } from 'zod';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, notFound } from '@/lib/errors';
import { lastMove, toStints } from '@/lib/league/league';
import { queryKeys } from '@/lib/discovery/search-keys';
import type {
  addPlayerBody,
  AdminPlayer,
  editPlayerBody,
  findPlayersQuery,
  inactivePlayerBody,
  movePlayerBody,
} from '@/lib/validation/league';
import { Player, type PlayerRow, Team, type TeamRow } from '@/models';
import { applyBatch } from './league-batches';
import { inactiveTarget, planPlayer, type Planned, type PlayerTarget } from './league-plan';
import { playerFields } from './league-subjects';

/** The console's player operations (docs/league-data.md#the-console): each is one audited league change. */

/** The console shows at most this many players a search; a name's words narrow it. */
const FOUND_MAX = 50;

type TeamRef = AdminPlayer['team'];

async function teamRefs(): Promise<Map<number, NonNullable<TeamRef>>> {
  const teams = await Team.find({}).select({ name: 1, abbreviation: 1 }).lean<Pick<TeamRow, '_id' | 'name' | 'abbreviation'>[]>();
  return new Map(teams.map((t) => [t._id, { id: t._id, name: t.name, abbreviation: t.abbreviation }]));
}

function toAdminPlayer(player: PlayerRow, teams: Map<number, NonNullable<TeamRef>>): AdminPlayer {
  const ref = (id: number) => teams.get(id) ?? { id, name: 'Unknown Team', abbreviation: '' };
  const stints = toStints(player.stints);
  const last = lastMove(stints);
  return {
    id: player._id,
    name: player.name,
    position: player.position ?? '',
    jersey: player.jersey ?? '',
    status: player.status ?? 'active',
    team: player.teamId == null ? null : ref(player.teamId),
    stints: stints.map((s) => ({ team: ref(s.team), from: s.from?.toISOString() ?? null, to: s.to?.toISOString() ?? null })),
    lastMove: last?.toISOString() ?? null,
  };
}

/** By words of the name ("jay tat"), a team's roster, or a status; by name. */
export async function findPlayers({ q, team, status }: z.output<typeof findPlayersQuery>): Promise<AdminPlayer[]> {
  await dbConnect();
  const words = queryKeys(q);
  const filter = {
    ...(words.length ? { searchKeys: mongoose.trusted({ $all: words }) } : {}),
    ...(team !== undefined ? { teamId: team } : {}),
    ...(status ? { status } : {}),
  };
  const [players, teams] = await Promise.all([Player.find(filter).sort({ name: 1 }).limit(FOUND_MAX).lean<PlayerRow[]>(), teamRefs()]);
  return players.map((p) => toAdminPlayer(p, teams));
}

async function stored(id: number): Promise<PlayerRow> {
  await dbConnect();
  const player = await Player.findById(id).lean<PlayerRow>();
  if (!player) throw notFound(`No player ${id}.`);
  return player;
}

async function teamExists(): Promise<(id: number) => boolean> {
  const ids = new Set((await Team.find({}).select({ _id: 1 }).lean<Pick<TeamRow, '_id'>[]>()).map((t) => t._id));
  return (id) => ids.has(id);
}

/** Plans one change and applies it; the player as he is after it. */
async function change(id: number, existing: PlayerRow | null, target: PlayerTarget, by: Types.ObjectId): Promise<AdminPlayer> {
  const planned: Planned = planPlayer(id, existing, target, { at: await now(), dateField: 'from', teamExists: await teamExists() });
  if ('problem' in planned) throw badRequest(`${planned.problem.field}: ${planned.problem.message}`);
  if (!planned.change) throw badRequest('Nothing to change: the player is like that already.');
  const { conflicts } = await applyBatch([planned.change], { by, source: 'console' });
  if (conflicts.length) throw new AppError(409, 'The player was changed meanwhile. Reload him and try again.');
  return toAdminPlayer(await stored(id), await teamRefs());
}

export async function addPlayer(body: z.output<typeof addPlayerBody>, by: Types.ObjectId): Promise<AdminPlayer> {
  await dbConnect();
  const existing = await Player.findById(body.id).select({ name: 1 }).lean<Pick<PlayerRow, 'name'>>();
  if (existing) throw badRequest(`id: player ${body.id} is ${existing.name} already`);
  const status = body.status ?? (body.team === null ? 'unsigned' : 'active');
  const since = body.team === null ? null : (body.from ?? (await now()));
  return change(body.id, null, { name: body.name, position: body.position, jersey: body.jersey, team: body.team, status, since }, by);
}

export async function editPlayer(id: number, body: z.output<typeof editPlayerBody>, by: Types.ObjectId): Promise<AdminPlayer> {
  const existing = await stored(id);
  const fields = playerFields(existing);
  const target = {
    ...fields,
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    team: fields.teamId,
    since: null,
  };
  return change(id, existing, target as PlayerTarget, by);
}

/** A trade, or the signing of a player with no team; either makes him active. */
export async function movePlayer(id: number, { team, from }: z.output<typeof movePlayerBody>, by: Types.ObjectId): Promise<AdminPlayer> {
  const existing = await stored(id);
  if (existing.teamId === team) throw badRequest('team: he is on that team already');
  const fields = playerFields(existing);
  return change(
    id,
    existing,
    { name: fields.name, position: fields.position, jersey: fields.jersey, team, status: 'active', since: from },
    by,
  );
}

/** Retired, waived or unsigned: he leaves his team that day and is no longer offered to the composer. */
export async function markInactive(
  id: number,
  { status, from }: z.output<typeof inactivePlayerBody>,
  by: Types.ObjectId,
): Promise<AdminPlayer> {
  const existing = await stored(id);
  if (existing.status === status) throw badRequest(`status: he is ${status} already`);
  return change(id, existing, inactiveTarget(existing, status, from), by);
}

export async function getAdminPlayer(id: number): Promise<AdminPlayer> {
  return toAdminPlayer(await stored(id), await teamRefs());
}
