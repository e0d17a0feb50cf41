import { call, signUp, TEAMS, type TestUser } from '@/tests/support/api';

// What following a team or player puts in the Following tab is tests/data/following.test.ts's; here, the API's answers.

const TEAM = TEAMS[9]!;

const followTeam = (user: TestUser, team: number | string, on = true) =>
  call('POST', `/api/teams/${team}/${on ? 'follow' : 'unfollow'}`, { token: user.idToken });
const followPlayer = (user: TestUser, player: number, on = true) =>
  call('POST', `/api/players/${player}/${on ? 'follow' : 'unfollow'}`, { token: user.idToken });

describe('following a team or a player', () => {
  it('answers the follow, changes nothing on a repeat, and refuses visitors and what does not exist', async () => {
    const fan = await signUp('teamfan');
    expect(await followTeam(fan, TEAM.id)).toMatchObject({ status: 200, body: { following: true } });
    expect(await followTeam(fan, TEAM.id)).toMatchObject({ status: 200, body: { following: true } });
    expect(await followTeam(fan, TEAM.id, false)).toMatchObject({ status: 200, body: { following: false } });
    expect(await followTeam(fan, TEAM.id, false)).toMatchObject({ status: 200, body: { following: false } });
    expect(await call('POST', `/api/teams/${TEAM.id}/follow`)).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    expect(await followTeam(fan, 123)).toMatchObject({ status: 404, body: { error: 'Team not found.' } });
    expect(await followPlayer(fan, 123)).toMatchObject({ status: 404, body: { error: 'Player not found.' } });
    expect((await followTeam(fan, 'celtics')).status).toBe(400);
  });
});
