import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose, { type Types } from 'mongoose';
import type { Identity } from '@/lib/auth';
import { createComment } from '@/lib/data/comments/comments';
import { commentsFor, topCommentFor } from '@/lib/data/comments/reader-comments';
import { suggestedUsers } from '@/lib/data/discovery/following-feed';
import { entityTakesFor, feedFor, followingFor, searchFor, trendingFor } from '@/lib/data/discovery/reader-lists';
import { takeSitemap } from '@/lib/data/discovery/sitemap';
import { getTakeForViewer } from '@/lib/data/moderation/moderated-takes';
import { followEntity, unfollowEntity } from '@/lib/data/filters/entity-follows';
import { hiddenAuthorsFor, hiddenForViewer } from '@/lib/data/visibility/block-facts';
import { readerFor, readerForViewer } from '@/lib/data/filters/reader';
import { report as fileReport, moderate as decide, type ModeratedKind } from '@/lib/data/moderation/moderation';
import { deleteAccount } from '@/lib/data/account/account-deletion';
import { exportAccount } from '@/lib/data/account/account-export';
import { notificationsFor } from '@/lib/data/filters/reader-notifications';
import { runScheduledWork } from '@/lib/data/maintenance/scheduled-work';
import { restrict, unrestrict } from '@/lib/data/people/blocks';
import {
  createUser,
  findUserByUid,
  followFan as followUser,
  getFullProfile,
  getSessionUser,
  requireAppUser,
  requireViewer,
  unfollowFan as unfollowUser,
} from '@/lib/data/people/users';
import { applyUserAction } from '@/lib/data/reactions/user-actions';
import { voteOnReceipt } from '@/lib/data/receipts/receipts';
import { createTake, deleteTake } from '@/lib/data/takes/takes';
import { mayReadThread } from '@/lib/data/visibility/take-access';
import { errorResponse, notFound } from '@/lib/errors';
import { REPORTER_MIN_ACCOUNT_AGE_MS } from '@/lib/moderation/constants';
import { Game } from '@/models';
import { createCommentBody, listCommentsQuery } from '@/lib/validation/comments';
import { notificationsQuery } from '@/lib/validation/notifications';
import { moderationActionBody } from '@/lib/validation/moderation';
import { receiptVoteBody } from '@/lib/validation/receipts';
import { followingQuery } from '@/lib/validation/following';
import { createTakeBody, entityTakesQuery, feedQuery, reportBody, searchQuery, trendingTakesQuery } from '@/lib/validation/takes';
import { userActionBody } from '@/lib/validation/user-actions';
import { at } from '@/tests/data/support/clock';

/**
 * The data tests' fans and what they do, through the lib/data functions the API routes call, with each input parsed
 * by the route's own zod schema (so defaults and trimming are the route's). A fan is an identity as a verified token
 * gives it (a uid, an email) and the app user made for it: no Firebase account, as no data function asks Firebase.
 */

export type Fan = { _id: string; id: Types.ObjectId; uid: string; username: string; identity: Identity };

const DAY = 24 * 60 * 60 * 1000;
export const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** A value as a route's JSON answer carries it: ObjectIds and Dates as strings, undefined fields gone. */
export const plain = <T = any>(value: unknown): T => (value === undefined ? value : JSON.parse(JSON.stringify(value))) as T;

/**
 * What a route would answer for `work`: 200 and its value as JSON, or the status and `{ error }` lib/errors.ts makes
 * of what it threw (a refusal's status and words are the data layer's own).
 */
export async function outcome<T = any>(work: () => Promise<unknown>): Promise<{ status: number; body: T }> {
  try {
    return { status: 200, body: plain<T>(await work()) };
  } catch (error) {
    const response = errorResponse(error, { method: 'TEST', path: 'data' });
    return { status: response.status, body: (await response.json()) as T };
  }
}

let serial = 0;
const identityOf = (uid: string, email: string | null, emailVerified = false): Identity => ({
  uid,
  email,
  emailVerified,
  admin: false,
  signedInAt: new Date(),
});

/** A fan with a unique username, signed up as POST /api/users makes them; `address` is the client's, when one is vouched for. */
export async function signUp(prefix = 'fan', { address = null, at: time = new Date() }: { address?: string | null; at?: Date } = {}) {
  serial += 1;
  const uid = `${prefix}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const identity = identityOf(uid, `${uid}@example.test`);
  const username = `${prefix}${Date.now().toString(36).slice(-4)}${serial}`.slice(0, 15).toLowerCase();
  const user = await createUser(identity, username, { address, at: time });
  return { _id: user._id, id: oid(user._id), uid, username, identity } satisfies Fan;
}

/** The administrator: the first uid of TAKES_ADMIN_UIDS (tests/data/support/database.ts names one), with a username. */
export async function signInAdmin(): Promise<Fan> {
  const uid = process.env.TAKES_ADMIN_UIDS!.split(',')[0]!.trim();
  const identity = identityOf(uid, `${uid}@example.test`);
  const existing = await mongoose.connection.collection('users').findOne({ firebaseUID: uid });
  const user = existing
    ? { _id: String(existing._id), username: existing.username as string }
    : await createUser(identity, 'datamoderator', { address: null, at: new Date() });
  return { _id: user._id, id: oid(user._id), uid, username: user.username, identity };
}

// The league each data test's database starts with (lib/data/league/shipped/, loaded by its schema's migrations).
const shipped = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', file), 'utf8'));
const roster = shipped('roster.json') as {
  teams: { team_id: number; name: string; nickname: string; abbreviation: string }[];
  players: { player_id: number; name: string; team_id: number }[];
};
export const PLAYERS = roster.players.map((p) => ({ id: p.player_id, name: p.name, teamId: p.team_id }));
export const TEAMS = roster.teams.map((t) => ({ id: t.team_id, name: t.name, nickname: t.nickname, abbreviation: t.abbreviation }));
export const PLAYER = PLAYERS[0]!;
export const TEAM = TEAMS[0]!;

function takeBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Test take',
    description: 'Written by the data tests.',
    entityType: 'player',
    playerID: PLAYER.id,
    team: null,
    specialID: null,
    tags: [PLAYER.id],
    addType: 'user',
    league: 'nba',
    ...overrides,
  };
}

const user = (fan: Fan) => requireAppUser(fan.identity);
// The route's rate limit is the API's (tests/api/rate-limits.test.ts); a data test posts as often as it needs.
const noLimit = () => Promise.resolve();

export type PostedTake = { _id: string; title: string; likes: number; createdAt: string; createdBy: { _id: string } } & Record<string, any>;

/** POST /api/takes. */
export async function postTake(fan: Fan, overrides: Record<string, unknown> = {}): Promise<PostedTake> {
  return plain(await createTake((await user(fan))._id, createTakeBody.parse(takeBody(overrides)), noLimit));
}

/** DELETE /api/takes/{id}, at the server's time `when` (default now). */
export async function removeTake(fan: Fan, takeId: string, when?: Date) {
  const work = async () => deleteTake(takeId, (await user(fan))._id);
  return when ? at(when, work) : work();
}

/** POST /api/user-action: its counts. */
export async function act(fan: Fan, body: Record<string, unknown>) {
  return plain<{ likes: number; dislikes: number; shares: number }>(
    await applyUserAction(await requireViewer(fan.identity), userActionBody.parse(body)),
  );
}

export const react = (fan: Fan, takeId: string, actionType: 'like' | 'dislike') => act(fan, { actionType, postID: takeId });

/** POST /api/comments. */
export async function comment(fan: Fan, body: Record<string, unknown>) {
  return plain<{ _id: string } & Record<string, any>>(await createComment((await user(fan))._id, createCommentBody.parse(body)));
}

/** POST /api/takes/{id}/receipt, at `when` (default now). */
export async function vote(fan: Fan, takeId: string, side: 'well' | 'poorly', when = new Date()) {
  const { vote: parsed } = receiptVoteBody.parse({ vote: side });
  return plain(await voteOnReceipt((await user(fan))._id, takeId, parsed, when));
}

/** POST /api/users/{uid}/follow. */
export async function followFan(who: Fan, whom: Fan) {
  return plain(await followUser(await user(who), whom.uid));
}

/** POST /api/users/{uid}/unfollow. */
export async function unfollowFan(who: Fan, whom: Fan) {
  return plain(await unfollowUser(await user(who), whom.uid));
}

/** GET /api/users/full-profile/{id}, as `viewer` (null: a visitor) reads it. */
export const profile = async (of: Fan | string, viewer: Fan | null = null) =>
  plain(await getFullProfile(typeof of === 'string' ? of : of._id, viewer?.uid ?? null));

/** GET /api/users/users/{uid}: the fan's own session data. */
export const sessionUser = async (fan: Fan) => plain(await getSessionUser(fan.uid));

/** PUT /api/account/{blocks|mutes}/{id}. */
export async function restrictFan(who: Fan, kind: 'block' | 'mute', whom: string) {
  return plain(await restrict((await user(who))._id, whom, kind));
}

/** DELETE /api/account/{blocks|mutes}/{id}. */
export async function unrestrictFan(who: Fan, kind: 'block' | 'mute', whom: string) {
  return plain(await unrestrict((await user(who))._id, whom, kind));
}

/** GET /api/takes/{id} as `viewer` reads it: a take by someone hidden from them is not there for them. */
export async function takeAs(viewer: Fan | null, id: string) {
  const identity = viewer?.identity ?? null;
  const [take, hidden] = await Promise.all([getTakeForViewer(id, identity), hiddenForViewer(identity)]);
  if (hidden.has(take.createdBy._id)) throw notFound('Take not found.');
  return plain(take);
}

/** GET /api/takes/following?<query>. */
export async function followingPage(fan: Fan, query = '') {
  const me = await user(fan);
  const { limit, cursor } = followingQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return plain<{ takes: ({ _id: string } & Record<string, any>)[]; nextCursor: string | null }>(
    await followingFor(await readerFor(String(me._id)), me._id, { limit, cursor }),
  );
}

/** GET /api/users/suggestions. */
export async function suggestions(fan: Fan) {
  const me = await user(fan);
  const [users, hidden] = await Promise.all([suggestedUsers(me._id), hiddenAuthorsFor(String(me._id))]);
  return plain<({ _id: string } & Record<string, any>)[]>(users.filter((u) => !hidden.has(u._id)));
}

/** GET /api/search/takes?q=, as `fan` (null: a visitor) searches. */
export async function search(fan: Fan | null, q: string) {
  return plain<({ _id: string } & Record<string, any>)[]>(await searchFor(await readerOf(fan), searchQuery.parse({ q }).q));
}

/** POST /api/{takes|comments}/{id}/report, at `when` (default: once this run's accounts are old enough to count). */
export async function report(fan: Fan, kind: ModeratedKind, id: string, reason = 'Spam or advertising', when = reportLater()) {
  const { reason: parsed } = reportBody.parse({ reason });
  await fileReport(kind, id, await user(fan), parsed, when);
}
/** A time at which this run's accounts are old enough for their reports to count (REPORTER_MIN_ACCOUNT_AGE_MS). */
export const reportLater = () => new Date(Date.now() + REPORTER_MIN_ACCOUNT_AGE_MS + DAY);

/** POST /api/moderation/{takes|comments}/{id}. */
export async function moderate(moderator: Fan, kind: ModeratedKind, id: string, action: string) {
  const { action: parsed } = moderationActionBody.parse({ action });
  return decide(kind, id, parsed, (await user(moderator))._id);
}

/** Fans who have taken part, as a reporter in good standing must have: each likes a take of the first. */
export async function takePart(fans: Fan[]): Promise<void> {
  const [first, ...others] = fans;
  if (!first) return;
  const take = await postTake(first, { title: 'Taking part' });
  for (const fan of others) await react(fan, take._id, 'like');
}

/** The reader a fan's (or, with null, a visitor's) request gets. */
export const readerOf = (fan: Fan | null) => readerForViewer(fan?.identity ?? null);

/** GET /api/takes?<query>: the takes and the next page's cursor. */
export async function feed(fan: Fan | null, query: string) {
  return plain<{ takes: ({ _id: string } & Record<string, any>)[]; nextCursor: string | null }>(
    await feedFor(await readerOf(fan), feedQuery.parse(Object.fromEntries(new URLSearchParams(query)))),
  );
}

/**
 * GET /api/comments?postID=…&<query>: a thread the reader may not read (hidden by moderation, or by a fan hidden from
 * them) is a 404, asked first as the route asks it.
 */
export async function commentsPage(fan: Fan | null, postID: string, query = '') {
  const { postID: thread, ...rest } = listCommentsQuery.parse({ postID, ...Object.fromEntries(new URLSearchParams(query)) });
  const reader = await readerOf(fan);
  if (!(await mayReadThread(thread, fan?.identity ?? null, reader.filters.hiddenAuthors))) throw notFound('Take or comment not found.');
  return plain<{ comments: any[]; totalComments: number; nextSkip: number | null; nextCursor: string | null }>(
    await commentsFor(reader, thread, rest),
  );
}

/** GET /api/comments/top?postID=…: the take's top comment for the reader, or null; a 404 as for its thread. */
export async function topComment(fan: Fan | null, postID: string) {
  const reader = await readerOf(fan);
  if (!(await mayReadThread(postID, fan?.identity ?? null, reader.filters.hiddenAuthors))) throw notFound('Take not found.');
  return plain<{ topComment: any }>({ topComment: await topCommentFor(reader, postID) });
}

/** GET /api/notifications (a page after `cursor`), as the fan's filters show it. */
export async function notifications(fan: Fan, cursor?: string | null) {
  const me = await user(fan);
  const { cursor: from } = notificationsQuery.parse(cursor ? { cursor } : {});
  return plain<{ notifications: ({ _id: string; type: string } & Record<string, any>)[]; nextCursor: string | null }>(
    await notificationsFor(await readerFor(String(me._id)), me._id, from),
  );
}

/** DELETE /api/account, once the fan has typed their username: everything of theirs goes (the Firebase account is the route's). */
export async function leave(fan: Fan) {
  const found = await findUserByUid(fan.uid);
  if (found) await deleteAccount(found);
}

/** GET /api/cron: the scheduled job, at the server's time `when` (default now). */
export const runScheduledJob = (when = new Date()) => runScheduledWork(when);

/** GET /api/account/export: the file "Download my data" streams, read whole. */
export async function exportOf(fan: Fan) {
  let text = '';
  for await (const chunk of exportAccount(await user(fan), new Date())) text += chunk;
  return JSON.parse(text) as Record<string, any>;
}

/** POST /api/{teams|players}/{id}/{follow|unfollow}. */
export async function followEntityAs(fan: Fan, type: 'team' | 'player', id: number, on = true) {
  const me = (await user(fan))._id;
  return plain(await (on ? followEntity : unfollowEntity)(me, type, id));
}

/** A game written straight to the schedule, as the league's importer writes them (tests/support/games.ts for the API suite). */
export async function storeGame(
  fields: { tipoff: Date; away?: number; home?: number; status?: 'scheduled' | 'live' | 'final' } & Record<string, unknown>,
) {
  const id = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const game = await Game.create({ _id: id, season: '2026-27', away: TEAMS[1]!.id, home: TEAMS[2]!.id, ...fields });
  return game.toObject();
}

/** GET /api/{players|teams}/{id}?<query>. */
export async function entityTakes(fan: Fan | null, type: 'player' | 'team', id: number, query = '') {
  const parsed = entityTakesQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return plain<({ _id: string } & Record<string, any>)[]>(await entityTakesFor(await readerOf(fan), type, id, parsed));
}

/** GET /api/takes/trending?<query>. */
export async function trending(fan: Fan | null, query = '') {
  const { timeRange, sort } = trendingTakesQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return plain<({ _id: string } & Record<string, any>)[]>(await trendingFor(await readerOf(fan), timeRange, sort));
}

/** The first takes sitemap (/sitemaps/takes-0.xml): the addresses it lists. */
export const sitemapPaths = async () => (await takeSitemap(0)).map((entry) => entry.path);
