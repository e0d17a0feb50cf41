import { z } from 'zod';
import { publicEnv } from '@/lib/public-env';
import { accountExport, deleteAccountBody, relation, restrictions } from '@/lib/validation/account';
import { actionCounts, marksAnswer, marksQuery, userAction, userActionBody } from '@/lib/validation/user-actions';
import {
  comment,
  commentsPage,
  createCommentBody,
  deletedComment,
  listCommentsQuery,
  topCommentAnswer,
  topCommentQuery,
} from '@/lib/validation/comments';
import { errorResponse, idParams, messageAnswer, objectId, uidParams } from '@/lib/validation/common';
import { fanFiltersAnswer, muteRuleBody, muteRuleParams, shieldBody, shieldGameParams, shieldTeamParams } from '@/lib/validation/filters';
import { callersBoard, callersQuery } from '@/lib/validation/callers';
import {
  callGames,
  callGamesQuery,
  callRecordAnswer,
  recordQuery,
  saveBody,
  saveParams,
  saveState,
  savesQuery,
  settledTonight,
} from '@/lib/validation/calls';
import { scheduledWorkResult } from '@/lib/validation/cron';
import { healthAnswer } from '@/lib/validation/health';
import { entityFollowState } from '@/lib/validation/entity-follows';
import { followingPage, followingQuery, suggestedUser } from '@/lib/validation/following';
import { game, gameParams, gameTakesQuery, gameThreadPage, liveGameAnswer, slate, slateQuery } from '@/lib/validation/games';
import { addModeratorBody, moderationActionBody, moderationQueue, moderatorsAnswer, takeForViewer } from '@/lib/validation/moderation';
import {
  addGameBody,
  addPlayerBody,
  addTopicBody,
  adminPlayer,
  adminTeam,
  adminTopic,
  changesQuery,
  editGameBody,
  editPlayerBody,
  editTeamBody,
  editTopicBody,
  findPlayersQuery,
  gameIdParams,
  gamesQuery,
  importQuery,
  importReport,
  inactivePlayerBody,
  leagueChangesPage,
  leagueGame,
  leagueLine,
  leagueLines,
  lineBody,
  lineParams,
  movePlayerBody,
  playerIdParams,
  teamIdParams,
  topicIdParams,
} from '@/lib/validation/league';
import { liveTakeAnswer, newestTakeAnswer } from '@/lib/validation/live';
import { markReadBody, notification, notificationsPage, notificationsQuery, unreadAnswer } from '@/lib/validation/notifications';
import { receipt, receiptRecord, receiptsQuery, receiptVoteBody, receiptVoteRecord, userIdPath } from '@/lib/validation/receipts';
import { sessionAnswer } from '@/lib/validation/session';
import {
  captureQuery,
  commentCounts,
  createTakeBody,
  divisiveTeam,
  entity,
  entityTakesQuery,
  feedQuery,
  playerParams,
  reportBody,
  savedTakesPage,
  searchQuery,
  take,
  takeCounts,
  takeList,
  teamParams,
  trendingTakesQuery,
  trendingTopic,
  trendingTopicsQuery,
} from '@/lib/validation/takes';
import {
  createUserBody,
  favoriteTeamBody,
  firebaseUidParams,
  flairBody,
  fullProfile,
  ownSessionUser,
  profilePictureBody,
  profileUsername,
  sessionUser,
  uploadedPicture,
  userIdParams,
  usernameAvailability,
  usernameParams,
} from '@/lib/validation/users';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the routes
 * parse with, so the contract cannot drift from the code. A test fails when a
 * route file has a method that is not listed here.
 */
type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth?: 'required' | 'optional';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data body: its fields, as JSON Schema. */
  multipart?: { required: string[]; properties: Record<string, object> };
  ok: { status: number; schema?: z.ZodType; description?: string; contentType?: string };
  errors: number[];
  /** Answers with an ETag, and 304 without a body when If-None-Match names it (a poll that found nothing new). */
  conditional?: true;
  /** An image with one address (lib/og/image-route.ts): any other spelling of its query is redirected there. */
  canonical?: true;
};

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const firebaseUidPath = z.object({ id: z.string().describe('The firebaseUID of the user to (un)follow') });

// One row an operation, read as a table: the formatter leaves it as written.
// prettier-ignore
const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/health', summary: 'The database, the auth configuration and the schema version', ok: { status: 200, schema: healthAnswer }, errors: [503] },
  { method: 'post', path: '/api/users', summary: "Create the viewer's user", auth: 'required', body: createUserBody, ok: { status: 201, schema: sessionUser }, errors: [400, 401, 409] },
  { method: 'get', path: '/api/users/users/{uid}', summary: "The viewer's session user data, with isAdmin and isModerator", auth: 'required', params: uidParams, ok: { status: 200, schema: ownSessionUser }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/users/profiles/{firebaseUID}', summary: 'Username of an account (404: none yet)', params: firebaseUidParams, ok: { status: 200, schema: profileUsername }, errors: [400, 404] },
  { method: 'get', path: '/api/users/full-profile/{userID}', summary: 'A public profile with isFollowing', auth: 'optional', params: userIdParams, ok: { status: 200, schema: fullProfile }, errors: [400, 404] },
  { method: 'get', path: '/api/users/check-username/{username}', summary: 'Whether a username is free and valid', params: usernameParams, ok: { status: 200, schema: usernameAvailability }, errors: [400] },
  { method: 'post', path: '/api/users/{id}/follow', summary: 'Follow the user named by firebaseUID', auth: 'required', params: firebaseUidPath, ok: { status: 200, schema: fullProfile }, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/users/{id}/unfollow', summary: 'Unfollow the user named by firebaseUID', auth: 'required', params: firebaseUidPath, ok: { status: 200, schema: fullProfile }, errors: [400, 401, 403, 404] },
  { method: 'put', path: '/api/users/{id}/profile-picture', summary: "Set the viewer's picture to an uploaded one", auth: 'required', params: idParams, body: profilePictureBody, ok: { status: 200, schema: sessionUser }, errors: [400, 401, 403] },
  { method: 'post', path: '/upload-profile-picture', summary: 'Upload a profile picture (multipart: file, userId)', auth: 'required', multipart: { required: ['file', 'userId'], properties: { file: { type: 'string', contentMediaType: 'image/*' }, userId: schemaOf(objectId, 'input') } }, ok: { status: 201, schema: uploadedPicture }, errors: [400, 401, 403, 413] },
  { method: 'get', path: '/media/avatars/{id}', summary: 'An uploaded profile picture (WebP)', params: idParams, ok: { status: 200, contentType: 'image/webp', description: 'The picture' }, errors: [400, 404] },
  { method: 'get', path: '/api/takes', summary: "The feed by score, as a signed-in viewer's own filters show it (a page filled past what they leave out); next page cursor in X-Next-Cursor", auth: 'optional', query: feedQuery, ok: { status: 200, schema: takeList }, errors: [400] },
  { method: 'post', path: '/api/takes', summary: 'Create a take, optionally with a structured call (429 past 3 takes a day with a check-back date, or 5 with a call)', auth: 'required', body: createTakeBody, ok: { status: 201, schema: take }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/takes/{id}', summary: "One take, whole even when the viewer's filters collapse it in lists (its \"show\"); a hidden one only for its author and admins, with its notice", auth: 'optional', params: idParams, ok: { status: 200, schema: takeForViewer }, errors: [400, 404] },
  { method: 'delete', path: '/api/takes/{id}', summary: 'Delete own take', auth: 'required', params: idParams, ok: { status: 200, schema: messageAnswer }, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/takes/{id}/report', summary: 'Report a take', auth: 'required', params: idParams, body: reportBody, ok: { status: 201, schema: messageAnswer }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/takes/newest', summary: "The feed's newest take, for an open feed's poll", ok: { status: 200, schema: newestTakeAnswer }, errors: [], conditional: true },
  { method: 'get', path: '/api/takes/{id}/live', summary: "A take's counts and comment total, for an open take's poll", params: idParams, ok: { status: 200, schema: liveTakeAnswer }, errors: [400, 404], conditional: true },
  { method: 'get', path: '/api/takes/{id}/counts', summary: "A take's likes, dislikes and shares", params: idParams, ok: { status: 200, schema: takeCounts }, errors: [400, 404] },
  { method: 'get', path: '/api/takes/trending', summary: "Trending takes in a time window, as a signed-in viewer's own filters show them", auth: 'optional', query: trendingTakesQuery, ok: { status: 200, schema: takeList }, errors: [400] },
  { method: 'get', path: '/api/takes/topics/trending', summary: 'Trending players and teams', query: trendingTopicsQuery, ok: { status: 200, schema: z.array(trendingTopic) }, errors: [400] },
  { method: 'get', path: '/api/comments', summary: "A take's comments or a comment's replies, as a signed-in viewer's own filters show them", auth: 'optional', query: listCommentsQuery, ok: { status: 200, schema: commentsPage }, errors: [400, 404] },
  { method: 'post', path: '/api/comments', summary: 'Add a comment or reply', auth: 'required', body: createCommentBody, ok: { status: 201, schema: comment }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/comments/top', summary: 'The most-liked top-level comment the viewer may see; 404 for a take that is not there for them', auth: 'optional', query: topCommentQuery, ok: { status: 200, schema: topCommentAnswer }, errors: [400, 404] },
  { method: 'get', path: '/api/comments/{id}', summary: "One comment or reply, whole even when the viewer's filters collapse it in lists (its \"show\")", auth: 'optional', params: idParams, ok: { status: 200, schema: comment }, errors: [400, 404] },
  { method: 'delete', path: '/api/comments/{id}', summary: 'Delete own comment or reply (moderators: any). One with replies stays as "[deleted]"; a second delete is a 404', auth: 'required', params: idParams, ok: { status: 200, schema: deletedComment }, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/comments/{id}/report', summary: 'Report a comment or reply (5 distinct reporters hide it)', auth: 'required', params: idParams, body: reportBody, ok: { status: 201, schema: messageAnswer }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/comments/{id}/counts', summary: "A comment's likes and dislikes", params: idParams, ok: { status: 200, schema: commentCounts }, errors: [400, 404] },
  { method: 'post', path: '/api/user-action', summary: 'Like, dislike, favorite or share', auth: 'required', body: userActionBody, ok: { status: 200, schema: actionCounts }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/user-action/{uid}', summary: "The viewer's actions", auth: 'required', params: uidParams, ok: { status: 200, schema: z.array(userAction) }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/user-action/{uid}/marks', summary: "The viewer's reactions, favorites and receipt votes on the takes and comments named", auth: 'required', params: uidParams, query: marksQuery, ok: { status: 200, schema: marksAnswer }, errors: [400, 401, 403] },
  {
    method: 'post',
    path: '/api/session',
    summary: 'Trade the bearer ID token for an HttpOnly session cookie (Set-Cookie __session) that lets pages render for the viewer; it authorises no write. Only from a sign-in of the last 5 minutes (401 with a step-up WWW-Authenticate otherwise)',
    auth: 'required',
    ok: { status: 200, schema: sessionAnswer },
    errors: [401, 503],
  },
  { method: 'delete', path: '/api/session', summary: 'Sign-out: revoke every session of the fan the cookie names, and clear the cookie', ok: { status: 200, schema: sessionAnswer }, errors: [503] },
  { method: 'get', path: '/api/players', summary: 'All players; those no longer active are marked inactive', ok: { status: 200, schema: z.array(entity) }, errors: [], conditional: true },
  { method: 'get', path: '/api/teams', summary: 'All teams, with the names a rebranded team had', ok: { status: 200, schema: z.array(entity) }, errors: [], conditional: true },
  { method: 'get', path: '/api/special-topics', summary: 'All special topics (a plain list); closed ones are marked', ok: { status: 200, schema: z.array(entity) }, errors: [], conditional: true },
  { method: 'get', path: '/api/players/{playerID}', summary: "A player's takes, as a signed-in viewer's own filters show them (paged by skip, so not filled)", auth: 'optional', params: playerParams, query: entityTakesQuery, ok: { status: 200, schema: takeList }, errors: [400, 404] },
  { method: 'get', path: '/api/teams/{teamID}', summary: "A team's takes (about the team, its games, and its players while they played there), as a signed-in viewer's own filters show them (paged by skip, so not filled)", auth: 'optional', params: teamParams, query: entityTakesQuery, ok: { status: 200, schema: takeList }, errors: [400, 404] },
  { method: 'get', path: '/api/search/takes', summary: "Search takes, as a signed-in viewer's own filters show them", auth: 'optional', query: searchQuery, ok: { status: 200, schema: takeList }, errors: [400, 429] },
  { method: 'get', path: '/api/capture', summary: 'The 1080×1920 share image of a take (PNG)', query: captureQuery, ok: { status: 200, contentType: 'image/png', description: 'PNG, with a strong ETag' }, errors: [400, 404, 429, 503], conditional: true, canonical: true },
  { method: 'post', path: '/api/takes/{id}/receipt', summary: 'Vote Aged well or Aged poorly (from the check-back date; not the author)', auth: 'required', params: idParams, body: receiptVoteBody, ok: { status: 200, schema: receipt }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/receipts', summary: "Takes due for receipt votes, or the latest verdicts, as a signed-in viewer's own filters show them", auth: 'optional', query: receiptsQuery, ok: { status: 200, schema: takeList }, errors: [400] },
  { method: 'get', path: '/api/receipts/votes/{uid}', summary: "The viewer's receipt votes", auth: 'required', params: uidParams, ok: { status: 200, schema: z.array(receiptVoteRecord) }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/receipts/record/{userID}', summary: "A user's receipts record", params: userIdPath, ok: { status: 200, schema: receiptRecord }, errors: [400, 404] },
  { method: 'get', path: '/api/callers', summary: "A page of a callers board (this season's or all time, optionally one team's fans), with the signed-in viewer's own standing", auth: 'optional', query: callersQuery, ok: { status: 200, schema: callersBoard }, errors: [400] },
  { method: 'put', path: '/api/users/{id}/favorite-team', summary: "Set or clear the viewer's favorite team", auth: 'required', params: idParams, body: favoriteTeamBody, ok: { status: 200, schema: sessionUser }, errors: [400, 401, 403] },
  { method: 'put', path: '/api/users/{id}/flair', summary: "Show or hide the viewer's team badge beside their name", auth: 'required', params: idParams, body: flairBody, ok: { status: 200, schema: sessionUser }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/takes/topics/divisive', summary: "Teams whose own fans' like share differs most from everyone's this week", ok: { status: 200, schema: z.array(divisiveTeam) }, errors: [] },
  { method: 'get', path: '/api/takes/following', summary: 'Takes by the people the viewer follows, newest first, as their own filters show them', auth: 'required', query: followingQuery, ok: { status: 200, schema: followingPage }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/users/suggestions', summary: 'The most-followed users the viewer does not follow yet', auth: 'required', ok: { status: 200, schema: z.array(suggestedUser) }, errors: [401, 403] },
  { method: 'get', path: '/api/notifications', summary: "The viewer's notifications, newest first, 20 a page, as their own filters show them", auth: 'required', query: notificationsQuery, ok: { status: 200, schema: notificationsPage }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/notifications/{id}', summary: "One of the viewer's notifications, whole even when their filters collapse it in the list (its \"show\")", auth: 'required', params: idParams, ok: { status: 200, schema: notification }, errors: [400, 401, 403, 404] },
  { method: 'get', path: '/api/notifications/unread', summary: "The viewer's unread notifications, counted up to 10", auth: 'required', ok: { status: 200, schema: unreadAnswer }, errors: [401, 403], conditional: true },
  { method: 'post', path: '/api/notifications/read', summary: 'Mark notifications read: { ids } or { all: true }', auth: 'required', body: markReadBody, ok: { status: 200, schema: unreadAnswer }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/moderation/moderators', summary: 'The moderators and the latest changes to them (administrators; 404 otherwise)', auth: 'required', ok: { status: 200, schema: moderatorsAnswer }, errors: [404] },
  { method: 'post', path: '/api/moderation/moderators', summary: 'Name a fan a moderator, by username (administrators; 404 otherwise)', auth: 'required', body: addModeratorBody, ok: { status: 201, schema: messageAnswer }, errors: [400, 404, 409, 429] },
  { method: 'delete', path: '/api/moderation/moderators/{id}', summary: "Take a fan's moderator role away, by user id (administrators; 404 otherwise)", auth: 'required', params: idParams, ok: { status: 200, schema: messageAnswer }, errors: [400, 404, 429] },
  { method: 'get', path: '/api/moderation/queue', summary: 'Reported takes, oldest open report first, and the latest actions (moderators; 404 otherwise)', auth: 'required', ok: { status: 200, schema: moderationQueue }, errors: [404] },
  { method: 'post', path: '/api/moderation/takes/{id}', summary: 'Dismiss the reports of, hide, restore or delete a take (admins; 404 otherwise)', auth: 'required', params: idParams, body: moderationActionBody, ok: { status: 200, schema: messageAnswer }, errors: [400, 403, 404] },
  { method: 'post', path: '/api/moderation/comments/{id}', summary: 'Dismiss the reports of, hide, restore or delete a comment (admins; 404 otherwise)', auth: 'required', params: idParams, body: moderationActionBody, ok: { status: 200, schema: messageAnswer }, errors: [400, 403, 404] },
  { method: 'get', path: '/api/moderation/league/players', summary: 'Find players by words of the name, a team or a status, 50 at most (admins; 404 otherwise)', auth: 'required', query: findPlayersQuery, ok: { status: 200, schema: z.array(adminPlayer) }, errors: [400, 404] },
  { method: 'post', path: '/api/moderation/league/players', summary: 'Add a player: a signing or a rookie, on a team from a day, or without one (admins; 404 otherwise)', auth: 'required', body: addPlayerBody, ok: { status: 201, schema: adminPlayer }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/players/{id}', summary: 'A player with his stints (admins; 404 otherwise)', auth: 'required', params: playerIdParams, ok: { status: 200, schema: adminPlayer }, errors: [400, 404] },
  { method: 'patch', path: '/api/moderation/league/players/{id}', summary: "Edit a player's name, position or jersey (admins; 404 otherwise)", auth: 'required', params: playerIdParams, body: editPlayerBody, ok: { status: 200, schema: adminPlayer }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/moderation/league/players/{id}/move', summary: 'Move a player to a team from a day: a trade, or the signing of a player with no team (admins; 404 otherwise)', auth: 'required', params: playerIdParams, body: movePlayerBody, ok: { status: 200, schema: adminPlayer }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/moderation/league/players/{id}/inactive', summary: 'Mark a player retired, waived or unsigned from a day: he leaves his team (admins; 404 otherwise)', auth: 'required', params: playerIdParams, body: inactivePlayerBody, ok: { status: 200, schema: adminPlayer }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/teams', summary: 'Every team with its former names (admins; 404 otherwise)', auth: 'required', ok: { status: 200, schema: z.array(adminTeam) }, errors: [404] },
  { method: 'patch', path: '/api/moderation/league/teams/{id}', summary: 'Edit or rebrand a team: a new name keeps the old one searchable (admins; 404 otherwise)', auth: 'required', params: teamIdParams, body: editTeamBody, ok: { status: 200, schema: adminTeam }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/topics', summary: 'Every topic, open or closed (admins; 404 otherwise)', auth: 'required', ok: { status: 200, schema: z.array(adminTopic) }, errors: [404] },
  { method: 'post', path: '/api/moderation/league/topics', summary: 'Add a topic (admins; 404 otherwise)', auth: 'required', body: addTopicBody, ok: { status: 201, schema: adminTopic }, errors: [400, 404, 409] },
  { method: 'patch', path: '/api/moderation/league/topics/{id}', summary: 'Rename a topic, or open or close it to new takes (admins; 404 otherwise)', auth: 'required', params: topicIdParams, body: editTopicBody, ok: { status: 200, schema: adminTopic }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/games', summary: 'The games of a range of days, in tip-off order (admins; 404 otherwise)', auth: 'required', query: gamesQuery, ok: { status: 200, schema: z.array(leagueGame) }, errors: [400, 404] },
  { method: 'post', path: '/api/moderation/league/games', summary: 'Add a game to the schedule (admins; 404 otherwise)', auth: 'required', body: addGameBody, ok: { status: 201, schema: leagueGame }, errors: [400, 404, 409] },
  { method: 'patch', path: '/api/moderation/league/games/{id}', summary: "Move a game, or set its status and score: a final score (admins; 404 otherwise)", auth: 'required', params: gameIdParams, body: editGameBody, ok: { status: 200, schema: leagueGame }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/games/{id}/lines', summary: "A game's box score, and the two teams' players to enter a line for (admins; 404 otherwise)", auth: 'required', params: gameIdParams, ok: { status: 200, schema: leagueLines }, errors: [400, 404] },
  { method: 'put', path: '/api/moderation/league/games/{id}/lines/{player}', summary: "Enter or correct one player's line of a game's box score; settles the game's player calls (admins; 404 otherwise)", auth: 'required', params: lineParams, body: lineBody, ok: { status: 200, schema: leagueLine }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/moderation/league/changes', summary: "The league's audit log, newest first: who changed what, before and after (admins; 404 otherwise)", auth: 'required', query: changesQuery, ok: { status: 200, schema: leagueChangesPage }, errors: [400, 404] },
  { method: 'post', path: '/api/moderation/league/import', summary: 'Import league files (multipart file fields, CSV or JSON: docs/league-data.md): the difference, applied all or nothing unless a dry run; a bad row is a 400 naming its file, line and field (admins; 404 otherwise)', auth: 'required', query: importQuery, multipart: { required: ['file'], properties: { file: { type: 'array', items: { type: 'string', contentMediaType: 'text/csv' }, description: 'One or more roster, schedule, box score, team or topic files' } } }, ok: { status: 200, schema: importReport }, errors: [400, 404, 409, 413] },
  { method: 'delete', path: '/api/account', summary: "Delete the viewer's account and everything in it (type the username to confirm); asked again, an interrupted deletion finishes. Needs a sign-in of the last 5 minutes (401 with a step-up WWW-Authenticate otherwise)", auth: 'required', body: deleteAccountBody, ok: { status: 200, schema: messageAnswer }, errors: [400, 401, 503] },
  { method: 'get', path: '/api/account/export', summary: "Download the viewer's data: one JSON file (Content-Disposition: attachment), streamed. Needs a sign-in of the last 5 minutes (401 with a step-up WWW-Authenticate otherwise)", auth: 'required', ok: { status: 200, schema: accountExport, description: 'A JSON attachment' }, errors: [401, 403] },
  { method: 'get', path: '/api/account/blocks', summary: 'The fans the viewer has blocked and muted, newest first', auth: 'required', ok: { status: 200, schema: restrictions }, errors: [401, 403] },
  { method: 'put', path: '/api/account/blocks/{id}', summary: 'Block a fan: each stops seeing the other, follows between them end, and they cannot follow, reply to, tag or react to the blocker', auth: 'required', params: idParams, ok: { status: 200, schema: relation }, errors: [400, 401, 403, 404] },
  { method: 'delete', path: '/api/account/blocks/{id}', summary: 'Unblock a fan', auth: 'required', params: idParams, ok: { status: 200, schema: relation }, errors: [400, 401, 403] },
  { method: 'put', path: '/api/account/mutes/{id}', summary: "Mute a fan: their takes, comments and notifications no longer reach the viewer, silently", auth: 'required', params: idParams, ok: { status: 200, schema: relation }, errors: [400, 401, 403, 404] },
  { method: 'delete', path: '/api/account/mutes/{id}', summary: 'Unmute a fan', auth: 'required', params: idParams, ok: { status: 200, schema: relation }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/account/filters', summary: "The viewer's own muted words, players and teams and spoiler shield; nobody else can read them", auth: 'required', ok: { status: 200, schema: fanFiltersAnswer }, errors: [401, 403] },
  { method: 'post', path: '/api/account/filters/mutes', summary: 'Mute a word, player or team (hide or collapse; 24h, 7d or always); muting one again replaces its action and time. Answers the viewer\'s filters', auth: 'required', body: muteRuleBody, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 404, 429] },
  { method: 'delete', path: '/api/account/filters/mutes/{id}', summary: "Remove one of the viewer's mutes. Answers their filters", auth: 'required', params: muteRuleParams, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 404, 429] },
  { method: 'put', path: '/api/account/filters/teams/{teamID}', summary: "Watch a team's games later: each is shielded from tip-off for `hours`, or until Watched. Answers the viewer's filters", auth: 'required', params: shieldTeamParams, body: shieldBody, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 404, 429] },
  { method: 'delete', path: '/api/account/filters/teams/{teamID}', summary: "Stop watching a team's games later. Answers the viewer's filters", auth: 'required', params: shieldTeamParams, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 429] },
  { method: 'put', path: '/api/account/filters/games/{gameID}', summary: "One game not watched yet: shielded from tip-off for `hours` (undoes a Watched). Answers the viewer's filters", auth: 'required', params: shieldGameParams, body: shieldBody, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 404, 429] },
  { method: 'post', path: '/api/account/filters/games/{gameID}/watched', summary: "Watched: the game's spoiler shield lifts for the viewer. Answers their filters", auth: 'required', params: shieldGameParams, ok: { status: 200, schema: fanFiltersAnswer }, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/api/cron', summary: 'The scheduled job: receipts come due, verdicts by time, recounts, expired abuse-limit windows (Bearer CRON_SECRET)', auth: 'required', ok: { status: 200, schema: scheduledWorkResult }, errors: [401, 503] },
  { method: 'get', path: '/api/games', summary: "A day's slate in a time zone, tip-off order; without a date today there, without a zone the league's (America/New_York). A signed-in viewer's spoiler shield keeps the scores of the games it covers out", auth: 'optional', query: slateQuery, ok: { status: 200, schema: slate }, errors: [400] },
  { method: 'get', path: '/api/games/{id}', summary: "One game: teams, tip-off, status, score and the size of its thread; with a fan's token, no score while their spoiler shield covers it", auth: 'optional', params: gameParams, ok: { status: 200, schema: game }, errors: [400, 404] },
  { method: 'get', path: '/api/games/{id}/takes', summary: "The game's thread, newest first, 10 a page, as a signed-in viewer's own filters show it", auth: 'optional', params: gameParams, query: gameTakesQuery, ok: { status: 200, schema: gameThreadPage }, errors: [400, 404] },
  { method: 'get', path: '/api/games/{id}/live', summary: "A game's status, score and thread's newest take, for an open game page's poll; with a fan's token, as their spoiler shield shows it (no score while it covers the game, shielded true) and private to them", auth: 'optional', params: gameParams, ok: { status: 200, schema: liveGameAnswer }, errors: [400, 404], conditional: true },
  { method: 'post', path: '/api/teams/{teamID}/follow', summary: "Follow a team: its takes, and the takes on its games, join the viewer's Following tab", auth: 'required', params: teamParams, ok: { status: 200, schema: entityFollowState }, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/teams/{teamID}/unfollow', summary: 'Unfollow a team', auth: 'required', params: teamParams, ok: { status: 200, schema: entityFollowState }, errors: [400, 401, 403] },
  { method: 'post', path: '/api/players/{playerID}/follow', summary: "Follow a player: takes about him join the viewer's Following tab", auth: 'required', params: playerParams, ok: { status: 200, schema: entityFollowState }, errors: [400, 401, 403, 404] },
  { method: 'post', path: '/api/players/{playerID}/unfollow', summary: 'Unfollow a player', auth: 'required', params: playerParams, ok: { status: 200, schema: entityFollowState }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/games/{id}/calls', summary: "The game's Settled tonight: its settled calls, hits first, with the crowd's odds each beat; nothing while the viewer's spoiler shield covers it", auth: 'optional', params: gameParams, ok: { status: 200, schema: settledTonight }, errors: [400, 404] },
  { method: 'get', path: '/api/calls/games', summary: "The games a call can be made on: a team's (or a player's team's) next, or the league's of the next day and a half, with both rosters", query: callGamesQuery, ok: { status: 200, schema: callGames }, errors: [400] },
  { method: 'get', path: '/api/calls/record/{userID}', summary: "A fan's record of calls: hits, misses, voids, hit rate, Brier scores beside the crowd's, calibration; filtered by team, player or a calibration bin. The results of games the viewer's spoiler shield covers are held back", auth: 'optional', params: userIdPath, query: recordQuery, ok: { status: 200, schema: callRecordAnswer }, errors: [400, 404] },
  { method: 'get', path: '/api/takes/{id}/save', summary: 'Whether the viewer saved the take, and asked to be told when its call settles', auth: 'required', params: saveParams, ok: { status: 200, schema: saveState }, errors: [400, 401, 403] },
  { method: 'post', path: '/api/takes/{id}/save', summary: 'Save a take, privately; notify: tell me when its call settles', auth: 'required', params: saveParams, body: saveBody, ok: { status: 200, schema: saveState }, errors: [400, 401, 403, 404] },
  { method: 'delete', path: '/api/takes/{id}/save', summary: 'Unsave a take', auth: 'required', params: saveParams, ok: { status: 200, schema: saveState }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/account/saves', summary: "The viewer's Saved list, most recently saved first, 10 a page; nobody else's", auth: 'required', query: savesQuery, ok: { status: 200, schema: savedTakesPage }, errors: [400, 401, 403] },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', ok: { status: 200, description: 'OpenAPI 3.1' }, errors: [] },
];

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid token',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  503: 'Database unavailable',
};

function parameters(op: Operation) {
  const list: object[] = [];
  for (const [where, shape] of [
    ['path', op.params],
    ['query', op.query],
  ] as const) {
    for (const [name, field] of Object.entries(shape?.shape ?? {})) {
      const schema = field as z.ZodType;
      list.push({ name, in: where, required: where === 'path' || !schema.safeParse(undefined).success, schema: schemaOf(schema, 'input') });
    }
  }
  return list;
}

function operation(op: Operation) {
  const responses: Record<string, object> = {
    [op.ok.status]: {
      description: op.ok.description ?? 'OK',
      ...(op.ok.schema ? { content: { 'application/json': { schema: schemaOf(op.ok.schema, 'output') } } } : {}),
      ...(op.ok.contentType
        ? { content: { [op.ok.contentType]: { schema: { type: 'string', contentMediaType: op.ok.contentType } } } }
        : {}),
    },
  };
  if (op.conditional) responses[304] = { description: 'Not modified: If-None-Match names the current ETag' };
  if (op.canonical) {
    responses[308] = {
      description:
        "The image's one address (Location): its take's id in lower case, and only the parameters it is drawn with, in one order",
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  for (const status of [...op.errors, ...(op.method === 'get' ? [] : [429]), 500]) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: schemaOf(errorResponse, 'output') } },
    };
  }
  // Node refuses a request line and headers over 16 KB itself, with an empty body, before the app sees them.
  responses[431] = { description: 'Request line or headers too long' };
  // lib/http.ts's parseBody reads an empty body as {}: a body whose every field may be left out may be sent as none.
  const body = op.body
    ? { required: !op.body.safeParse({}).success, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } }
    : op.multipart
      ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', ...op.multipart } } } }
      : undefined;
  return {
    summary: op.summary,
    operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    parameters: parameters(op),
    ...(body ? { requestBody: body } : {}),
    // A public operation says so (an empty list), so a generated client can tell it from a signed-in one.
    security: op.auth === 'required' ? [{ bearer: [] }] : op.auth === 'optional' ? [{ bearer: [] }, {}] : [],
    responses,
  };
}

/** The server is the site's public address (NEXT_PUBLIC_SITE_URL), not the origin a proxied `next start` sees. */
export function openApiDocument(serverUrl: string = publicEnv().siteUrl) {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.1.0',
    info: { title: 'Takes API', version: '1.0.0', description: 'The API behind Takes: NBA fans post, rate and discuss short opinions.' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } } },
    paths,
  };
}
