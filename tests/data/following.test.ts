import {
  type Fan,
  followFan,
  followEntityAs,
  followingPage,
  exportOf,
  outcome,
  PLAYERS,
  postTake,
  signUp,
  storeGame,
  suggestions,
  TEAMS,
  unfollowFan,
} from '@/tests/data/support/fans';

const following = (user: Fan, cursor?: string | null) => followingPage(user, cursor ? `cursor=${cursor}` : '');

describe('the Following feed', () => {
  it('shows the takes of followed users only, newest first, ten a page with a cursor, never repeating', async () => {
    const [reader, a, b, stranger] = await Promise.all([signUp('reader'), signUp('followa'), signUp('followb'), signUp('stranger')]);
    await followFan(reader, a);
    await followFan(reader, b);
    const posted: string[] = [];
    for (let i = 0; i < 13; i += 1) posted.push((await postTake(i % 2 ? a : b, { title: `Followed take ${i}` }))._id);
    await postTake(stranger, { title: 'Not followed' });
    await postTake(reader, { title: 'My own take' });

    const first = await following(reader);
    expect(first.takes).toHaveLength(10);
    expect(first.nextCursor).toMatch(/^\d+_[a-f0-9]{24}$/);
    const second = await following(reader, first.nextCursor);
    expect(second.takes).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const all = [...first.takes, ...second.takes];
    expect(all.map((t) => t._id)).toEqual([...posted].reverse());
    expect(all.every((t) => [a._id, b._id].includes(t.createdBy._id))).toBe(true);
    const times = all.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('drops an author at once when the reader unfollows them, and is empty when following nobody', async () => {
    const [reader, author] = await Promise.all([signUp('reader'), signUp('author')]);
    expect(await following(reader)).toEqual({ takes: [], nextCursor: null });
    await followFan(reader, author);
    const take = await postTake(author, { title: 'Before the unfollow' });
    expect((await following(reader)).takes.map((t) => t._id)).toEqual([take._id]);
    await unfollowFan(reader, author);
    expect((await following(reader)).takes).toEqual([]);
  });
});

describe('follow suggestions', () => {
  it('names the most-followed users the reader does not follow yet, never the reader, most followed first', async () => {
    const reader = await signUp('suggested');
    const star = await signUp('star');
    // Whoever leads now: the star gets one follower more.
    const leader = (await suggestions(reader))[0]?.followersCount ?? 0;
    const fans = await Promise.all(Array.from({ length: leader + 1 }, () => signUp('starfan')));
    await Promise.all(fans.map((fan) => followFan(fan, star)));

    const before = await suggestions(reader);
    expect(before.length).toBeLessThanOrEqual(5);
    expect(before[0]).toMatchObject({ _id: star._id, username: star.username, firebaseUID: star.uid, followersCount: leader + 1 });
    expect(before.map((u) => u.followersCount)).toEqual([...before.map((u) => u.followersCount)].sort((x, y) => y - x));
    expect(before.map((u) => u._id)).not.toContain(reader._id);

    await followFan(reader, star);
    expect((await suggestions(reader)).map((u) => u._id)).not.toContain(star._id);
  });
});

describe('following a team or a player', () => {
  const TEAM = TEAMS[9]!;
  const ELSEWHERE = TEAMS[10]!;
  const PLAYER = PLAYERS.find((p) => p.teamId !== TEAM.id)!;
  const teamTake = (team: number, title: string) => ({ entityType: 'team', playerID: null, team, tags: [team], title });

  it('answers the follow, changes nothing on a repeat, and refuses what does not exist', async () => {
    const fan = await signUp('teamfan');
    expect(await followEntityAs(fan, 'team', TEAM.id)).toEqual({ following: true });
    expect(await followEntityAs(fan, 'team', TEAM.id)).toEqual({ following: true });
    expect(await followEntityAs(fan, 'team', TEAM.id, false)).toEqual({ following: false });
    expect(await followEntityAs(fan, 'team', TEAM.id, false)).toEqual({ following: false });
    expect(await outcome(() => followEntityAs(fan, 'team', 123))).toMatchObject({ status: 404, body: { error: 'Team not found.' } });
    expect(await outcome(() => followEntityAs(fan, 'player', 123))).toMatchObject({ status: 404, body: { error: 'Player not found.' } });
  });

  it("puts the team's takes, and the takes on its games, in Following beside followed fans', newest first, each once", async () => {
    const [reader, friend, stranger] = await Promise.all([signUp('followsteam'), signUp('friend'), signUp('stranger')]);
    await followFan(reader, friend);
    await followEntityAs(reader, 'team', TEAM.id);
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
    await followEntityAs(reader, 'team', TEAM.id, false);
    const left = await following(reader, null);
    const friendOnly = shown.filter((_, i) => i % 3 !== 0).reverse();
    expect(left.takes.map((t) => t._id)).toEqual(friendOnly);
  });

  it("puts a followed player's takes in Following, and names what a fan follows in their data download", async () => {
    const [reader, author] = await Promise.all([signUp('followsplay'), signUp('playerauth')]);
    await followEntityAs(reader, 'player', PLAYER.id);
    await followEntityAs(reader, 'team', TEAM.id);
    const take = await postTake(author, { playerID: PLAYER.id, tags: [PLAYER.id], title: 'About the followed player' });
    expect((await following(reader)).takes.map((t) => t._id)).toContain(take._id);

    const data = await exportOf(reader);
    expect(data.followedTeamsAndPlayers).toEqual(
      expect.arrayContaining([
        { type: 'player', id: PLAYER.id, since: expect.any(String) },
        { type: 'team', id: TEAM.id, since: expect.any(String) },
      ]),
    );
  });
});
