import { dbConnect, dbDisconnect } from '@/lib/db';
import { call, PLAYERS, postTake, signUp, TEAMS, type TestUser } from '@/tests/support/api';
import { storeGame } from '@/tests/support/games';

const TEAM = TEAMS[9]!;
const ELSEWHERE = TEAMS[10]!;
const PLAYER = PLAYERS.find((p) => p.teamId !== TEAM.id)!;

type Page = { takes: { _id: string; createdAt: string }[]; nextCursor: string | null };

const following = async (user: TestUser, cursor?: string | null) => {
  const reply = await call<Page>('GET', `/api/takes/following${cursor ? `?cursor=${cursor}` : ''}`, { token: user.idToken });
  expect(reply.status).toBe(200);
  return reply.body;
};
const followTeam = (user: TestUser, team: number | string, on = true) =>
  call('POST', `/api/teams/${team}/${on ? 'follow' : 'unfollow'}`, { token: user.idToken });
const followPlayer = (user: TestUser, player: number, on = true) =>
  call('POST', `/api/players/${player}/${on ? 'follow' : 'unfollow'}`, { token: user.idToken });
const teamTake = (team: number, title: string) => ({ entityType: 'team', playerID: null, team, tags: [team], title });

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

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

  it("puts the team's takes, and the takes on its games, in Following beside followed fans', newest first, each once", async () => {
    const [reader, friend, stranger] = await Promise.all([signUp('followsteam'), signUp('friend'), signUp('stranger')]);
    await call('POST', `/api/users/${friend.uid}/follow`, { token: reader.idToken });
    await followTeam(reader, TEAM.id);
    const game = await storeGame({ tipoff: new Date(Date.now() + 60 * 60 * 1000), away: TEAM.id, home: ELSEWHERE.id });

    const shown: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      shown.push((await postTake(stranger, teamTake(TEAM.id, `About the team ${i}`)))._id);
      shown.push((await postTake(friend, { title: `By the friend ${i}` }))._id);
      // The friend's take on the team is in both halves of the tab, and shows once.
      shown.push((await postTake(friend, teamTake(TEAM.id, `Friend on the team ${i}`)))._id);
    }
    shown.push(
      (
        await postTake(stranger, {
          entityType: 'game',
          gameID: game._id,
          playerID: null,
          team: null,
          tags: [game._id],
          title: 'On its game',
        })
      )._id,
    );
    await postTake(stranger, teamTake(ELSEWHERE.id, 'About another team'));
    await postTake(stranger, { title: 'About a player nobody follows' });

    const first = await following(reader);
    expect(first.takes).toHaveLength(10);
    const second = await following(reader, first.nextCursor);
    const all = [...first.takes, ...second.takes];
    expect(all.map((t) => t._id)).toEqual([...shown].reverse());
    expect(second.nextCursor).toBeNull();
    const times = all.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Unfollowed, the team's takes leave at once; the friend's stay.
    await followTeam(reader, TEAM.id, false);
    const left = await following(reader, null);
    const friendOnly = shown.filter((_, i) => i % 3 !== 0).reverse();
    expect(left.takes.map((t) => t._id)).toEqual(friendOnly);
  }, 60_000);

  it("puts a followed player's takes in Following, and names what a fan follows in their data download", async () => {
    const [reader, author] = await Promise.all([signUp('followsplay'), signUp('playerauth')]);
    await followPlayer(reader, PLAYER.id);
    await followTeam(reader, TEAM.id);
    const take = await postTake(author, { playerID: PLAYER.id, tags: [PLAYER.id], title: 'About the followed player' });
    expect((await following(reader)).takes.map((t) => t._id)).toContain(take._id);

    const exported = await call('GET', '/api/account/export', { token: reader.idToken });
    expect(exported.status).toBe(200);
    const data = typeof exported.body === 'string' ? JSON.parse(exported.body) : exported.body;
    expect(data.followedTeamsAndPlayers).toEqual(
      expect.arrayContaining([
        { type: 'player', id: PLAYER.id, since: expect.any(String) },
        { type: 'team', id: TEAM.id, since: expect.any(String) },
      ]),
    );
  });
});
