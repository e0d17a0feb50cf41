import { dbConnect, dbDisconnect } from '@/lib/db';
import { Comment, Follow, Report, Take, User, UserAction } from '@/models';
import { signInAdmin } from '@/tests/support/admin';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';

/**
 * The injection corpus, sent to every parameter and body field of every
 * operation in /api/openapi.json: each is refused with a 4xx and `{ error }`,
 * nothing is answered as if it matched, and nothing is written.
 */
const OPERATOR_TEXTS = [
  '{"$ne":null}',
  '{"$gt":""}',
  '{"$where":"1"}',
  '{"$regex":".*"}',
  '{"$or":[{"a":{"$ne":null}}]}',
  '{"$nor":[{"a":1}]}',
];
const OPERATOR_VALUES: unknown[] = [
  { $ne: null },
  { $gt: '' },
  { $where: '1' },
  { $regex: '.*' },
  { $or: [{ a: { $ne: null } }] },
  { $nor: [{ a: 1 }] },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  ['a'],
];
const NUL = 'a\u0000b';
const MEGABYTE = 'x'.repeat(1024 * 1024);
// A path or query over Node's 16 KB request-line limit is refused (431) before the app sees it.
const LONG_URL_VALUE = 'x'.repeat(20_000);

type Request = { path: Record<string, string>; query: Record<string, string>; body?: Record<string, unknown>; token?: string };
type Field = { where: 'path' | 'query' | 'body'; name: string };

/** Fields that take any text: operator-looking strings are only text there, stored and shown as given. */
const FREE_TEXT = new Set([
  'body:title',
  'body:description',
  'body:text',
  'body:reason',
  // A muted word is whatever a fan types; it is matched against text, never a query.
  'body:word',
  'query:q',
  'query:entityName',
  'query:entityImage',
  'path:username',
  // The league console's names and labels (an administrator's own text).
  'body:name',
  'body:city',
  'body:nickname',
  'body:position',
  'body:jersey',
]);

let author: TestUser;
let fan: TestUser;
let admin: TestUser;
let valid: Record<string, () => Request>;

beforeAll(async () => {
  await dbConnect();
  author = await signUp('corpus');
  fan = await signUp('corpusfan');
  admin = await signInAdmin();
  const take = await postTake(author);
  // A take whose receipt is open, so a vote reaches the body's own checks.
  const due = await postTake(author, { checkBack: { preset: '30-days' } });
  await Take.updateOne({ _id: due._id }, { $set: { checkBackAt: new Date(Date.now() - 24 * 60 * 60 * 1000) } });
  const comment = (await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'A comment', postID: take._id } })).body;
  const player = (await call('GET', '/api/players')).body[0].id;
  const team = (await call('GET', '/api/teams')).body[0].id;
  const game = (await storeGame({ tipoff: new Date(Date.now() + 60 * 60 * 1000) }))._id;
  const as = (user: TestUser, r: Partial<Request>): Request => ({ path: {}, query: {}, token: user.idToken, ...r });
  const open = (r: Partial<Request>): Request => ({ path: {}, query: {}, ...r });
  valid = {
    'POST /api/users': () => as(fan, { body: { username: 'freshname' } }),
    'GET /api/users/users/{uid}': () => as(fan, { path: { uid: fan.uid } }),
    'GET /api/users/profiles/{firebaseUID}': () => open({ path: { firebaseUID: author.uid } }),
    'GET /api/users/full-profile/{userID}': () => open({ path: { userID: author._id } }),
    'GET /api/users/check-username/{username}': () => open({ path: { username: 'somename' } }),
    'POST /api/users/{id}/follow': () => as(fan, { path: { id: author.uid } }),
    'POST /api/users/{id}/unfollow': () => as(fan, { path: { id: author.uid } }),
    'PUT /api/users/{id}/profile-picture': () =>
      as(fan, { path: { id: fan._id }, body: { profilePictureUrl: '/media/avatars/000000000000000000000000' } }),
    'GET /media/avatars/{id}': () => open({ path: { id: '000000000000000000000000' } }),
    'GET /api/takes': () => open({ query: { sort: 'top', timeRange: 'week', limit: '10', cursor: `1_${take._id}` } }),
    'POST /api/takes': () =>
      as(author, {
        body: {
          title: 'T',
          description: 'D',
          entityType: 'player',
          playerID: player,
          team: null,
          specialID: null,
          gameID: null,
          tags: [player],
          checkBack: { preset: '30-days' },
        },
      }),
    'GET /api/takes/{id}': () => open({ path: { id: take._id } }),
    'DELETE /api/takes/{id}': () => as(fan, { path: { id: take._id } }),
    'POST /api/takes/{id}/report': () => as(fan, { path: { id: take._id }, body: { reason: 'Spam' } }),
    'GET /api/takes/{id}/counts': () => open({ path: { id: take._id } }),
    'GET /api/takes/{id}/live': () => open({ path: { id: take._id } }),
    'GET /api/takes/trending': () => open({ query: { timeRange: 'week', sort: 'likes' } }),
    'GET /api/takes/topics/trending': () => open({ query: { type: 'players', timeRange: 'week' } }),
    'GET /api/comments': () => open({ query: { postID: take._id, sort: 'best', skip: '0', limit: '15', reveal: 'true' } }),
    'GET /api/comments/{id}': () => open({ path: { id: comment._id } }),
    'POST /api/comments': () => as(fan, { body: { text: 'Reply', postID: take._id, parentComment: comment._id, taggedUser: fan._id } }),
    'GET /api/comments/top': () => open({ query: { postID: take._id } }),
    'GET /api/comments/{id}/counts': () => open({ path: { id: comment._id } }),
    'POST /api/user-action': () => as(fan, { body: { actionType: 'like', postID: take._id, commentID: null, userID: fan._id } }),
    'GET /api/user-action/{uid}': () => as(fan, { path: { uid: fan.uid } }),
    'GET /api/user-action/{uid}/marks': () => as(fan, { path: { uid: fan.uid }, query: { ids: `${take._id},${comment._id}` } }),
    'GET /api/players/{playerID}': () =>
      open({ path: { playerID: String(player) }, query: { sort: 'newest', timeRange: 'all', skip: '0', limit: '10' } }),
    'GET /api/teams/{teamID}': () =>
      open({ path: { teamID: String(team) }, query: { sort: 'newest', timeRange: 'all', skip: '0', limit: '10' } }),
    'GET /api/search/takes': () => open({ query: { q: 'take' } }),
    'POST /api/takes/{id}/receipt': () => as(fan, { path: { id: due._id }, body: { vote: 'well' } }),
    'GET /api/receipts': () => open({ query: { list: 'verdicts', skip: '0', limit: '10' } }),
    'GET /api/receipts/votes/{uid}': () => as(fan, { path: { uid: fan.uid } }),
    'GET /api/receipts/record/{userID}': () => open({ path: { userID: author._id } }),
    'PUT /api/users/{id}/favorite-team': () => as(fan, { path: { id: fan._id }, body: { team } }),
    'PUT /api/users/{id}/flair': () => as(fan, { path: { id: fan._id }, body: { show: true } }),
    'GET /api/games': () => open({ query: { date: '2027-01-13', tz: 'America/New_York' } }),
    'GET /api/games/{id}': () => open({ path: { id: String(game) } }),
    'GET /api/games/{id}/takes': () => open({ path: { id: String(game) }, query: { limit: '10', cursor: `1_${take._id}` } }),
    'GET /api/games/{id}/live': () => open({ path: { id: String(game) } }),
    'POST /api/teams/{teamID}/follow': () => as(fan, { path: { teamID: String(team) } }),
    'POST /api/teams/{teamID}/unfollow': () => as(fan, { path: { teamID: String(team) } }),
    'POST /api/players/{playerID}/follow': () => as(fan, { path: { playerID: String(player) } }),
    'POST /api/players/{playerID}/unfollow': () => as(fan, { path: { playerID: String(player) } }),
    'GET /api/games/{id}/calls': () => open({ path: { id: String(game) } }),
    'GET /api/calls/games': () => open({ query: { game: String(game), team: String(team), player: String(player) } }),
    'GET /api/calls/record/{userID}': () =>
      open({ path: { userID: author._id }, query: { team: String(team), player: String(player), bin: '3' } }),
    'GET /api/takes/{id}/save': () => as(fan, { path: { id: take._id } }),
    'POST /api/takes/{id}/save': () => as(fan, { path: { id: take._id }, body: { notify: true } }),
    'DELETE /api/takes/{id}/save': () => as(fan, { path: { id: take._id } }),
    'GET /api/account/saves': () => as(fan, { query: { cursor: `1_${take._id}` } }),
    'GET /api/capture': () => open({ query: { takeID: take._id, entityName: 'Name', entityImage: 'current-players/1.png' } }),
    'GET /api/takes/following': () => as(fan, { query: { limit: '10', cursor: `1_${take._id}` } }),
    'GET /api/notifications': () => as(author, { query: { cursor: `1_${take._id}` } }),
    'GET /api/callers': () =>
      as(fan, { query: { board: 'season', season: '2026-27', team: String(team), cursor: `0.5_${author._id}_20` } }),
    'POST /api/notifications/read': () => as(author, { body: { ids: [take._id] } }),
    // As the admin, so each field is judged by validation and not by the 404 every other viewer gets.
    'POST /api/moderation/takes/{id}': () => as(admin, { path: { id: take._id }, body: { action: 'dismiss' } }),
    'POST /api/moderation/comments/{id}': () => as(admin, { path: { id: comment._id }, body: { action: 'dismiss' } }),
    'GET /api/moderation/league/players': () => as(admin, { query: { q: 'zz', team: String(team), status: 'active' } }),
    'POST /api/moderation/league/players': () =>
      as(admin, { body: { id: 1_990_001, name: 'Zz Corpus', position: 'G', jersey: '1', team, from: '2026-01-05', status: 'active' } }),
    'GET /api/moderation/league/players/{id}': () => as(admin, { path: { id: String(player) } }),
    'PATCH /api/moderation/league/players/{id}': () =>
      as(admin, { path: { id: String(player) }, body: { name: 'N', position: 'G', jersey: '1' } }),
    'POST /api/moderation/league/players/{id}/move': () => as(admin, { path: { id: String(player) }, body: { team, from: '2026-01-05' } }),
    'POST /api/moderation/league/players/{id}/inactive': () =>
      as(admin, { path: { id: String(player) }, body: { status: 'retired', from: '2026-01-05' } }),
    'PATCH /api/moderation/league/teams/{id}': () =>
      as(admin, {
        path: { id: String(team) },
        body: {
          name: 'N',
          city: 'C',
          nickname: 'N',
          abbreviation: 'NNN',
          conference: 'East',
          primaryColor: '#000000',
          secondaryColor: '#FFFFFF',
        },
      }),
    'POST /api/moderation/league/topics': () => as(admin, { body: { id: 'zz-corpus', name: 'Zz Corpus', description: 'D', open: true } }),
    'PATCH /api/moderation/league/topics/{id}': () =>
      as(admin, { path: { id: 'zz-corpus' }, body: { name: 'N', description: 'D', open: false } }),
    'GET /api/moderation/league/games': () => as(admin, { query: { from: '2026-01-05', to: '2026-01-06' } }),
    'POST /api/moderation/league/games': () =>
      as(admin, {
        body: {
          id: '0022600001',
          season: '2026-27',
          home: team,
          away: team,
          tipoff: '2026-01-05T19:00:00Z',
          status: 'final',
          homeScore: 1,
          awayScore: 2,
        },
      }),
    'PATCH /api/moderation/league/games/{id}': () =>
      as(admin, {
        path: { id: '0022600001' },
        body: { season: '2026-27', home: team, away: team, tipoff: '2026-01-05T19:00:00Z', status: 'final', homeScore: 1, awayScore: 2 },
      }),
    // A game the console never added: a well-formed request is a 404, so every field is judged by validation alone.
    'GET /api/moderation/league/games/{id}/lines': () => as(admin, { path: { id: '0022600001' } }),
    'PUT /api/moderation/league/games/{id}/lines/{player}': () =>
      as(admin, {
        path: { id: '0022600001', player: String(player) },
        body: { team, minutes: '30:00', points: 10, rebounds: 5, assists: 3, threes: 1 },
      }),
    'GET /api/moderation/league/changes': () => as(admin, { query: { cursor: `1_${take._id}` } }),
    // Its files are multipart, which this corpus does not send; league-import.test.ts sends bad files.
    'POST /api/moderation/league/import': () => as(admin, { query: { dryRun: 'true', complete: 'false' } }),
    'POST /api/moderation/moderators': () => as(admin, { body: { username: fan.username } }),
    'DELETE /api/moderation/moderators/{id}': () => as(admin, { path: { id: fan._id } }),
    'DELETE /api/comments/{id}': () => as(fan, { path: { id: comment._id } }),
    'POST /api/comments/{id}/report': () => as(author, { path: { id: comment._id }, body: { reason: 'Spam' } }),
    // Only a field that can never match: the username typed to confirm is the one thing that lets a deletion through.
    'DELETE /api/account': () => as(fan, { body: { username: fan.username } }),
    'PUT /api/account/blocks/{id}': () => as(fan, { path: { id: author._id } }),
    'DELETE /api/account/blocks/{id}': () => as(fan, { path: { id: author._id } }),
    'PUT /api/account/mutes/{id}': () => as(fan, { path: { id: author._id } }),
    'DELETE /api/account/mutes/{id}': () => as(fan, { path: { id: author._id } }),
    'GET /api/notifications/{id}': () => as(author, { path: { id: take._id } }),
    'POST /api/account/filters/mutes': () => as(fan, { body: { kind: 'word', word: 'corpus', action: 'collapse', duration: '24h' } }),
    'DELETE /api/account/filters/mutes/{id}': () => as(fan, { path: { id: take._id } }),
    'PUT /api/account/filters/teams/{teamID}': () => as(fan, { path: { teamID: String(team) }, body: { hours: 24 } }),
    'DELETE /api/account/filters/teams/{teamID}': () => as(fan, { path: { teamID: String(team) } }),
    // No game exists with this id: a well-formed request is a 404, so every field is judged by validation alone.
    'PUT /api/account/filters/games/{gameID}': () => as(fan, { path: { gameID: '1' }, body: { hours: 24 } }),
    'POST /api/account/filters/games/{gameID}/watched': () => as(fan, { path: { gameID: '1' } }),
  };
}, 60_000);

afterAll(() => dbDisconnect());

function send(operation: string, request: Request) {
  const [method, template] = operation.split(' ') as [string, string];
  const urlPath = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(request.path[name] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  return call(method, `${urlPath}${query ? `?${query}` : ''}`, { token: request.token, body: request.body });
}

const facts = async () => {
  const counts = await Promise.all(
    [Take, Comment, UserAction, Follow, Report, User].map((model) => (model as typeof Take).estimatedDocumentCount()),
  );
  return counts.join(',');
};

it('covers every parameter and body field the API documents', async () => {
  const doc = (await call('GET', '/api/openapi.json')).body;
  const undocumented: string[] = [];
  for (const [urlPath, operations] of Object.entries<Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>(
    doc.paths,
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${urlPath}`;
      const fields = (op.parameters ?? []).length + JSON.stringify(op.requestBody ?? {}).length;
      if (fields > 2 && !valid[key] && key !== 'POST /upload-profile-picture') undocumented.push(key);
    }
  }
  // The upload takes multipart; its own suite (upload.test.ts) sends hostile files and ids.
  expect(undocumented).toEqual([]);
});

it('refuses the corpus in every field, leaks nothing and writes nothing', async () => {
  const before = await facts();
  const accepted: string[] = [];
  for (const [operation, make] of Object.entries(valid)) {
    const base = make();
    const fields: Field[] = [
      ...Object.keys(base.path).map((name) => ({ where: 'path' as const, name })),
      ...Object.keys(base.query).map((name) => ({ where: 'query' as const, name })),
      ...Object.keys(base.body ?? {}).map((name) => ({ where: 'body' as const, name })),
    ];
    for (const field of fields) {
      const freeText = FREE_TEXT.has(`${field.where}:${field.name}`);
      const values: unknown[] =
        field.where === 'body'
          ? [...OPERATOR_VALUES, NUL, MEGABYTE, ...(freeText ? [] : OPERATOR_TEXTS)]
          : [NUL, LONG_URL_VALUE, ...(freeText ? [] : [...OPERATOR_TEXTS, '__proto__', 'constructor'])];
      for (const value of values) {
        const request = make();
        if (field.where === 'body') request.body = { ...request.body, [field.name]: value };
        else request[field.where][field.name] = value as string;
        const reply = await send(operation, request);
        const refused = reply.status >= 400 && reply.status < 500 && (reply.status === 431 || typeof reply.body?.error === 'string');
        if (!refused) accepted.push(`${operation} ${field.where}.${field.name}=${JSON.stringify(value).slice(0, 40)} → ${reply.status}`);
      }
    }
  }
  expect(accepted).toEqual([]);
  expect(await facts()).toBe(before);
}, 300_000);
