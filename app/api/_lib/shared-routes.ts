import 'server-only';
import type { Types } from 'mongoose';
import type { z } from 'zod';
import { requireAdmin, requireIdentity } from '@/lib/auth';
import { requireModerator } from '@/lib/data/shared/roles';
import { now } from '@/lib/clock';
import type { BlockKind } from '@/lib/data/visibility/block-facts';
import { restrict, unrestrict } from '@/lib/data/people/blocks';
import { fanFilters } from '@/lib/data/filters/filter-settings';
import { moderate, type ModeratedKind, report } from '@/lib/data/moderation/moderation';
import { requireAppUser } from '@/lib/data/people/users';
import { followEntity, unfollowEntity } from '@/lib/data/filters/entity-follows';
import type { UserRow } from '@/models';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { rateLimit } from '@/lib/rate-limit';
import { idParams } from '@/lib/validation/common';
import { moderationActionBody } from '@/lib/validation/moderation';
import type { FollowableType } from '@/lib/validation/entity-follows';
import { playerParams, reportBody, teamParams } from '@/lib/validation/takes';

/** The handlers that take and comment routes, block and mute routes, and a fan's filter routes share: the same steps on another subject. */

/** PUT (`on`) or DELETE /api/account/{blocks|mutes}/{id}: both answer the viewer's choices about that fan. */
export function restrictionRoute(kind: BlockKind, on: boolean) {
  return route(async (request, context) => {
    const { id } = await parseParams(context, idParams);
    const user = await requireAppUser(await requireIdentity(request));
    await rateLimit('block', request, String(user._id));
    return json(await (on ? restrict : unrestrict)(user._id, id, kind));
  });
}

/** POST /api/{teams|players}/{id}/{follow|unfollow}: the entity's takes join (or leave) the viewer's Following tab. */
export function entityFollowRoute(type: FollowableType, on: boolean) {
  const params = type === 'team' ? teamParams : playerParams;
  return route(async (request, context) => {
    const parsed = await parseParams(context, params);
    const id = 'teamID' in parsed ? parsed.teamID : parsed.playerID;
    const user = await requireAppUser(await requireIdentity(request));
    await rateLimit('follow', request, String(user._id));
    return json(await (on ? followEntity : unfollowEntity)(user._id, type, id));
  });
}

/** POST /api/{takes|comments}/{id}/report: once per user (a repeat changes nothing); 5 distinct reporters in good standing hide it. */
export function reportRoute(kind: ModeratedKind) {
  return route(async (request, context) => {
    const { id } = await parseParams(context, idParams);
    const user = await requireAppUser(await requireIdentity(request));
    const { reason } = await parseBody(request, reportBody);
    await rateLimit('report', request, String(user._id));
    await report(kind, id, user, reason, await now());
    return json({ message: 'Report submitted. Thank you!' }, 201);
  });
}

/** POST /api/moderation/{takes|comments}/{id}: dismiss the reports, hide, restore or delete. Moderators only; 404 for anyone else. */
export function moderationRoute(kind: ModeratedKind) {
  return route(async (request, context) => {
    const admin = await requireAppUser(await requireModerator(request));
    const { id } = await parseParams(context, idParams);
    const { action } = await parseBody(request, moderationActionBody);
    await rateLimit('moderation', request, String(admin._id));
    return json(await moderate(kind, id, action, admin._id));
  });
}

/**
 * The administrator making a league change (the league console, docs/league-data.md#the-console): 404 for anyone
 * else, as the rest of moderation; a change counts against the moderation actions' abuse limit.
 */
export async function leagueAdmin(request: Request, { writes }: { writes: boolean }): Promise<UserRow> {
  const admin = await requireAppUser(await requireAdmin(request));
  if (writes) await rateLimit('moderation', request, String(admin._id));
  return admin;
}

/**
 * A change to the viewer's own filters (/api/account/filters/...): parsed, counted against the filters' abuse
 * limit, made, and answered with the viewer's filters as they now stand (the account page draws them from it).
 */
export function filterWriteRoute<P extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  schemas: { params?: P; body?: B },
  act: (user: Types.ObjectId, parts: { params: z.output<P>; body: z.output<B> }) => Promise<void>,
) {
  return route(async (request, context) => {
    const params = (schemas.params ? await parseParams(context, schemas.params) : undefined) as z.output<P>;
    const user = await requireAppUser(await requireIdentity(request));
    const body = (schemas.body ? await parseBody(request, schemas.body) : undefined) as z.output<B>;
    await rateLimit('filters', request, String(user._id));
    await act(user._id, { params, body });
    return json(await fanFilters(user._id));
  });
}
