import { call, postTake, signUp } from '@/tests/support/api';

// Check-back dates, voting, verdicts, Called it and an author's record are tests/data/receipts.test.ts's; here, the
// API's answers, what it refuses before the data layer, and the test clock a request moves (lib/clock.ts).

const DAY = 24 * 60 * 60 * 1000;
const TEST_NOW = 'x-takes-test-now';

describe('receipts over HTTP', () => {
  it('opens voting when the request’s clock passes the date, for a signed-in fan with a real side only', async () => {
    const [author, fan] = await Promise.all([signUp('seer'), signUp('judge')]);
    const take = await postTake(author, { checkBack: { preset: '30-days' } });
    const vote = (body: unknown, headers?: Record<string, string>, token: string | null = fan.idToken) =>
      call('POST', `/api/takes/${take._id}/receipt`, { token: token ?? undefined, body, headers });
    const later = { [TEST_NOW]: new Date(Date.now() + 31 * DAY).toISOString() };
    expect((await vote({ vote: 'well' })).body.error).toMatch(/^Voting opens on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    expect(await vote({ vote: 'well' }, later)).toMatchObject({ status: 200, body: { status: 'voting', agedWell: 1 } });
    expect((await vote({ vote: 'well' }, later, null)).status).toBe(401);
    expect((await vote({ vote: 'meh' }, later)).status).toBe(400);
    expect((await vote({ vote: { $ne: null } }, later)).status).toBe(400);
    expect(await vote({ vote: 'well' }, later, author.idToken)).toMatchObject({
      status: 403,
      body: { error: 'You cannot vote on your own take.' },
    });

    expect(await call('GET', `/api/receipts/votes/${fan.uid}`, { token: fan.idToken })).toMatchObject({
      status: 200,
      body: [{ postID: take._id, vote: 'well' }],
    });
    expect((await call('GET', `/api/receipts/votes/${fan.uid}`, { token: author.idToken })).status).toBe(403);
  });

  it('lists receipts and an author’s record, and refuses a list or an author that is not there', async () => {
    const author = await signUp('record');
    expect(await call('GET', `/api/receipts/record/${author._id}`)).toMatchObject({
      status: 200,
      body: { calledIt: 0, agedWell: 0, agedPoorly: 0, pending: 0 },
    });
    expect((await call('GET', '/api/receipts?list=verdicts&limit=50')).status).toBe(200);
    expect((await call('GET', '/api/receipts/record/000000000000000000000000')).status).toBe(404);
    expect((await call('GET', '/api/receipts?list=everything')).status).toBe(400);
  });
});
