import { call, postTake as post, signUp, TEAMS, type TestUser } from '@/tests/support/api';

const team = (name: string) => TEAMS.find((t) => t.name === name)!;
const CELTICS = team('Boston Celtics');
const LAKERS = team('Los Angeles Lakers');

let author: TestUser;
beforeAll(async () => {
  author = await signUp('scribe');
});

const setTeam = (user: TestUser, teamId: unknown, as: TestUser = user) =>
  call('PUT', `/api/users/${user._id}/favorite-team`, { token: as.idToken, body: { team: teamId } });

describe('a favorite team', () => {
  it('is set, shown and cleared by its owner only, and must be a real team', async () => {
    const fan = await signUp('fan');
    expect(await setTeam(fan, CELTICS.id)).toMatchObject({ status: 200, body: { favoriteTeam: CELTICS.id } });
    expect((await call('GET', `/api/users/users/${fan.uid}`, { token: fan.idToken })).body.favoriteTeam).toBe(CELTICS.id);
    expect((await call('GET', `/api/users/full-profile/${fan._id}`)).body.favoriteTeam).toBe(CELTICS.id);
    expect((await setTeam(fan, LAKERS.id, author)).status).toBe(403);
    expect(await setTeam(fan, 1)).toMatchObject({ status: 400, body: { error: 'Unknown team: 1.' } });
    expect((await setTeam(fan, 'celtics')).status).toBe(400);
    expect((await setTeam(fan, { $ne: null })).status).toBe(400);
    expect((await call('PUT', `/api/users/${fan._id}/favorite-team`, { body: { team: null } })).status).toBe(401);
    expect(await setTeam(fan, null)).toMatchObject({ status: 200, body: { favoriteTeam: null } });
  });
});

describe('the fan-base split over HTTP', () => {
  // How the split and the divisive teams are counted is tests/data/fan-split.test.ts's; here, the API's answers.
  it('answers a take without a split yet, and the divisive teams as a list', async () => {
    const take = await post(author, { entityType: 'team', playerID: null, team: CELTICS.id, tags: [CELTICS.id] });
    expect(await call('GET', `/api/takes/${take._id}`)).toMatchObject({ status: 200, body: { fanSplit: null } });
    const divisive = await call('GET', '/api/takes/topics/divisive');
    expect(divisive.status).toBe(200);
    expect(Array.isArray(divisive.body)).toBe(true);
  });
});
