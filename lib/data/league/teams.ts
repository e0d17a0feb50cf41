import 'server-only';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { AppError, badRequest, notFound } from '@/lib/errors';
import type { AdminTeam, editTeamBody } from '@/lib/validation/league';
import { Team, type TeamRow } from '@/models';
import { applyBatch } from './league-batches';
import { planTeam, type TeamTarget } from './league-plan';
import { teamFields } from './league-subjects';

/** The console's team operations: a rebrand keeps the old name, city, nickname and abbreviation, searchable. */

function toAdminTeam(team: TeamRow): AdminTeam {
  const { formerNames, ...fields } = teamFields(team);
  return { id: team._id, ...fields, formerNames: formerNames.map((f) => ({ ...f, until: f.until.toISOString() })) };
}

export async function listAdminTeams(): Promise<AdminTeam[]> {
  await dbConnect();
  return (await Team.find({}).sort({ name: 1 }).lean<TeamRow[]>()).map(toAdminTeam);
}

export async function editTeam(id: number, body: z.output<typeof editTeamBody>, by: Types.ObjectId): Promise<AdminTeam> {
  await dbConnect();
  const existing = await Team.findById(id).lean<TeamRow>();
  if (!existing) throw notFound(`No team ${id}.`);
  const target = { ...teamFields(existing), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as TeamTarget;
  const planned = planTeam(id, existing, target, await now());
  if ('problem' in planned) throw badRequest(`${planned.problem.field}: ${planned.problem.message}`);
  if (!planned.change) throw badRequest('Nothing to change: the team is like that already.');
  const { conflicts } = await applyBatch([planned.change], { by, source: 'console' });
  if (conflicts.length) throw new AppError(409, 'The team was changed meanwhile. Reload it and try again.');
  return toAdminTeam((await Team.findById(id).lean<TeamRow>())!);
}
