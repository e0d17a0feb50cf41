import { call, PLAYERS, postTake, runScheduledJob, signUp } from '@/tests/support/api';

describe('the scheduled job', () => {
  it('answers only the client with the secret, as Vercel Cron sends it', async () => {
    expect(await call('GET', '/api/cron')).toMatchObject({ status: 401, body: { error: 'This address is for the scheduled job.' } });
    expect((await call('GET', '/api/cron', { headers: { Authorization: 'Bearer not-the-secret' } })).status).toBe(401);
    expect((await call('GET', '/api/cron', { headers: { Authorization: `Basic ${process.env.CRON_SECRET}` } })).status).toBe(401);
    const fan = await signUp('cronfan');
    expect((await call('GET', '/api/cron', { token: fan.idToken })).status).toBe(401);
    const { body } = await runScheduledJob();
    expect(body).toEqual({
      healed: expect.any(Number),
      countersBehind: false,
      dueSplits: expect.any(Number),
      verdicts: expect.any(Number),
      scoredReceipts: expect.any(Number),
      sweptWindows: expect.any(Number),
      sweptMuteRules: expect.any(Number),
      leagueBatches: expect.any(Number),
      voidedCalls: expect.any(Number),
      scoredCalls: expect.any(Number),
    });
  });
});

describe('cached lists while fans react', () => {
  // A player no other suite posts about, so this page holds only these takes.
  const player = PLAYERS[PLAYERS.length - 1]!;
  const page = async () => (await call('GET', `/api/players/${player.id}?sort=likes&limit=50`)).body as { _id: string; likes: number }[];
  const like = (token: string, postID: string) => call('POST', '/api/user-action', { token, body: { actionType: 'like', postID } });

  it('keep their order for their time-to-live but show every count as it is now; a new take shows at once', async () => {
    const author = await signUp('lister');
    const fans = await Promise.all([signUp('tapper'), signUp('tapper'), signUp('tapper')]);
    const body = { entityType: 'player', playerID: player.id, tags: [player.id] };
    const first = await postTake(author, { ...body, title: 'First' });
    const second = await postTake(author, { ...body, title: 'Second' });
    await like(fans[0]!.idToken, first._id);
    expect((await page()).map((t) => [t._id, t.likes])).toEqual([
      [first._id, 1],
      [second._id, 0],
    ]);

    // Two likes put the second ahead; the cached order stands, the counts do not wait for it.
    await Promise.all([like(fans[1]!.idToken, second._id), like(fans[2]!.idToken, second._id)]);
    expect((await page()).map((t) => [t._id, t.likes])).toEqual([
      [first._id, 1],
      [second._id, 2],
    ]);

    // A new take on the page is there on the next read, in a freshly ordered list.
    const third = await postTake(author, { ...body, title: 'Third' });
    expect((await page()).map((t) => [t._id, t.likes])).toEqual([
      [second._id, 2],
      [first._id, 1],
      [third._id, 0],
    ]);

    // A deleted one is gone at once.
    expect((await call('DELETE', `/api/takes/${second._id}`, { token: author.idToken })).status).toBe(200);
    expect((await page()).map((t) => t._id)).toEqual([first._id, third._id]);
  }, 60_000);
});
