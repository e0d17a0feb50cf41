import { call, INJECTIONS, PLAYER, postTake, signUp, takeBody, TEAM, TOPICS, type TestUser } from '@/tests/support/api';

let author: TestUser;
let other: TestUser;
beforeAll(async () => {
  [author, other] = await Promise.all([signUp('author'), signUp('other')]);
});

describe('POST /api/takes', () => {
  it('creates a take owned by the viewer, ignoring server-owned fields', async () => {
    const reply = await call('POST', '/api/takes', {
      token: author.idToken,
      body: takeBody({ title: '  Jokić is the MVP 🐐  ', likes: 999, score: 1e9, createdBy: other._id, league: 'wnba', addType: 'bot' }),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      title: 'Jokić is the MVP 🐐',
      entityType: 'player',
      playerID: PLAYER.id,
      team: null,
      specialID: null,
      tags: [PLAYER.id],
      league: 'nba',
      likes: 0,
      dislikes: 0,
      commentsCount: 0,
      createdBy: { _id: author._id, username: author.username, profilePictureUrl: null },
    });
    expect(reply.body.score).toBeLessThan(1e6);
    expect((await call('GET', `/api/users/full-profile/${author._id}`)).body.postsCount).toBeGreaterThanOrEqual(1);
  });

  it('accepts a team or topic focus with extra tags, numeric strings as numbers', async () => {
    const topic = TOPICS[0]!;
    const reply = await call('POST', '/api/takes', {
      token: author.idToken,
      body: takeBody({ entityType: 'special', playerID: null, specialID: topic.id, tags: [topic.id, String(PLAYER.id), TEAM.id] }),
    });
    expect(reply).toMatchObject({
      status: 201,
      body: { entityType: 'special', specialID: topic.id, tags: [topic.id, PLAYER.id, TEAM.id] },
    });
  });

  it.each([
    [{ title: '' }, 'All fields are required.'],
    [{ description: '   ' }, 'All fields are required.'],
    [{ playerID: null }, 'All fields are required.'],
    [{ title: 'x'.repeat(81) }, 'Title must be at most 80 characters.'],
    [{ description: 'x'.repeat(301) }, 'Description must be at most 300 characters.'],
    [{ tags: [PLAYER.id, 1610612737, 1610612738, 1610612739, 1610612740, 1610612741] }, 'You can only select up to 4 additional tags.'],
    [{ tags: [PLAYER.id, PLAYER.id] }, 'The focus cannot be picked again as a tag.'],
    [{ playerID: 999999999, tags: [999999999] }, 'Unknown player: 999999999.'],
    [{ tags: [PLAYER.id, 'no-such-topic'] }, 'Unknown tag: no-such-topic.'],
  ])('refuses %j with a clear message', async (overrides, message) => {
    const reply = await call('POST', '/api/takes', { token: author.idToken, body: takeBody(overrides) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(message);
  });

  it.each(INJECTIONS)('refuses %j in any field', async (payload) => {
    for (const field of ['title', 'description', 'playerID', 'entityType', 'tags']) {
      const reply = await call('POST', '/api/takes', { token: author.idToken, body: takeBody({ [field]: payload }) });
      expect([400, 413]).toContain(reply.status);
      expect(reply.body.error).toEqual(expect.any(String));
    }
  });

  it('refuses malformed JSON, a missing token and a user without a username', async () => {
    expect(
      (await call('POST', '/api/takes', { token: author.idToken, rawBody: '{"title":', headers: { 'Content-Type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect((await call('POST', '/api/takes', { body: takeBody() })).status).toBe(401);
    expect((await call('POST', '/api/takes', { token: 'forged.token.here', body: takeBody() })).status).toBe(401);
  });
});

describe('reading takes', () => {
  it('serves one take, 400 for a malformed id, 404 for an unknown one', async () => {
    const take = await postTake(author);
    expect(await call('GET', `/api/takes/${take._id}`)).toMatchObject({ status: 200, body: { _id: take._id, commentsCount: 0 } });
    expect((await call('GET', '/api/takes/123')).status).toBe(400);
    expect((await call('GET', '/api/takes/000000000000000000000000')).status).toBe(404);
    expect(await call('GET', `/api/takes/${take._id}/counts`)).toMatchObject({ status: 200, body: { likes: 0, dislikes: 0, shares: 0 } });
  });

  it('refuses a page over 50 and a cursor it did not hand out', async () => {
    expect((await call('GET', '/api/takes?limit=51')).status).toBe(400);
    expect((await call('GET', '/api/takes?cursor=%7B%22%24gt%22%3A%22%22%7D')).status).toBe(400);
  });

  it("lists a player's takes newest first, 404 for an unknown player", async () => {
    const take = await postTake(author, { title: 'Newest player take' });
    const reply = await call('GET', `/api/players/${PLAYER.id}?sort=newest&timeRange=12h`);
    expect(reply.status).toBe(200);
    expect(reply.body[0]._id).toBe(take._id);
    expect((await call('GET', '/api/players/999999999')).status).toBe(404);
    expect((await call('GET', `/api/players/${PLAYER.id}?sort=random`)).status).toBe(400);
    expect((await call('GET', `/api/teams/${TEAM.id}`)).status).toBe(200);
  });

  it('lists players, teams and topics as id and name', async () => {
    for (const path of ['/api/players', '/api/teams', '/api/special-topics']) {
      const reply = await call('GET', path);
      expect(reply.status).toBe(200);
      expect(reply.body[0]).toEqual({ id: expect.anything(), name: expect.any(String) });
    }
  });
});

describe('trending', () => {
  // What trending lists, and in what order, is tests/data/takes.test.ts's; here, the API's answers and refusals.
  it('answers the takes and topics, and refuses unknown windows', async () => {
    const reply = await call('GET', '/api/takes/trending?timeRange=12h&sort=comments');
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThanOrEqual(10);
    const topics = await call('GET', '/api/takes/topics/trending?type=teams&timeRange=all');
    expect(topics.status).toBe(200);
    expect(Array.isArray(topics.body)).toBe(true);
    expect((await call('GET', '/api/takes/trending?timeRange=month')).status).toBe(400);
  });
});

describe('search', () => {
  it('finds a take by title, escapes patterns and ignores blanks', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const take = await postTake(author, { title: `Searchable ${word} take` });
    expect((await call('GET', `/api/search/takes?q=${word.toUpperCase()}`)).body.map((t: { _id: string }) => t._id)).toEqual([take._id]);
    expect((await call('GET', '/api/search/takes?q=%20%20')).body).toEqual([]);
    expect((await call('GET', `/api/search/takes?q=${encodeURIComponent('.*')}`)).body).toEqual([]);
    expect((await call('GET', `/api/search/takes?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await call('GET', `/api/search/takes?q=${encodeURIComponent(PLAYER.name)}`)).body.length).toBeGreaterThan(0);
  });
});

describe('delete and report', () => {
  it('lets only the author delete, removing comments and actions', async () => {
    const take = await postTake(author);
    await call('POST', '/api/comments', { token: other.idToken, body: { text: 'doomed', postID: take._id } });
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: other.idToken })).status).toBe(403);
    expect((await call('DELETE', `/api/takes/${take._id}`)).status).toBe(401);
    expect(await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).toMatchObject({ status: 200 });
    expect((await call('GET', `/api/takes/${take._id}`)).status).toBe(404);
    expect((await call('GET', `/api/comments?postID=${take._id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken })).status).toBe(404);
  });

  it('takes one report per user, trimmed, up to 400 characters as sent', async () => {
    const take = await postTake(author);
    const report = (reason: unknown, token = other.idToken) => call('POST', `/api/takes/${take._id}/report`, { token, body: { reason } });
    expect((await report('  spam  ')).status).toBe(201);
    expect((await report('again')).status).toBe(201);
    expect((await report('   ')).status).toBe(400);
    expect((await report('x'.repeat(401))).status).toBe(400);
    // The limit is on the text as sent, as the OpenAPI document says, even when trimming would bring it under.
    expect((await report(`\f${'x'.repeat(400)}`)).status).toBe(400);
    expect((await report({ $ne: null })).status).toBe(400);
    expect((await call('POST', `/api/takes/${take._id}/report`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await call('POST', '/api/takes/000000000000000000000000/report', { token: other.idToken, body: { reason: 'x' } })).status).toBe(
      404,
    );
  });

  it('answers 405 for an unsupported method', async () => {
    expect((await call('PATCH', '/api/takes')).status).toBe(405);
  });
});
