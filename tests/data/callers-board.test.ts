import { seasonOf } from '@/lib/callers/callers';
import { CALLERS_PAGE_SIZE } from '@/lib/callers/constants';
import { callersBoard } from '@/lib/data/callers/caller-boards';
import { requireViewer } from '@/lib/data/people/users';
import { callersQuery } from '@/lib/validation/callers';
import { fans, type Standing, standings } from '@/tests/support/caller-standings';
import { type Fan, plain, signUp, TEAMS } from '@/tests/data/support/fans';

/*
 * The boards read CallerStat standings and CallerScore facts, which the
 * scheduled job writes (tests/data/callers-rules.test.ts covers how). Here they are inserted as
 * setup data, each test on a past season of its own, so no other test's
 * standings share its board.
 */

const [CELTICS, LAKERS] = [TEAMS[0]!, TEAMS[1]!];
/** GET /api/callers?<query>, as `fan` (null: a visitor) reads it, at the server's time `at`. */
const board = async (query: string, fan: Fan | null = null, at = new Date()) => {
  const viewer = fan && (await requireViewer(fan.identity));
  const reader = viewer && { _id: String(viewer._id), favoriteTeam: viewer.favoriteTeam };
  return { body: plain(await callersBoard(callersQuery.parse(Object.fromEntries(new URLSearchParams(query))), reader, at)) };
};

describe('a callers board', () => {
  it('lists qualified fans only, best rating first, ties by account, paged with the ranks going on', async () => {
    const season = '2011-12';
    const ids = await fans(24);
    // 22 qualified with ratings from 2.1 down; two share 0.5; two unqualified fans rated higher than everyone.
    const rated: [string, Standing][] = ids.slice(0, 22).map((id, i) => [id, { rating: i === 11 ? 0.5 : 2.1 - i * 0.1 }]);
    await standings(season, [
      ...rated,
      [ids[22]!, { rating: 5, qualified: false }],
      [ids[23]!, { rating: 4, scored: 3, qualified: false }],
    ]);
    const expected = [...rated]
      .sort(([a, x], [b, y]) => y.rating - x.rating || (`${season}:${a}` < `${season}:${b}` ? -1 : 1))
      .map(([id]) => id);

    const first = await board(`season=${season}`);
    expect(first.body).toMatchObject({ board: season, title: '2011–12', team: null, viewer: null });
    expect(first.body.entries).toHaveLength(CALLERS_PAGE_SIZE);
    expect(first.body.entries.map((e: { user: { _id: string } }) => e.user._id)).toEqual(expected.slice(0, CALLERS_PAGE_SIZE));
    expect(first.body.entries.map((e: { rank: number }) => e.rank)).toEqual(Array.from({ length: CALLERS_PAGE_SIZE }, (_, i) => i + 1));
    expect(first.body.entries[0]).toMatchObject({ rating: 2.1, scored: 8, record: { well: 5, poorly: 3, close: 1 }, provisional: true });
    expect(first.body.entries[0].user).toMatchObject({ username: expect.any(String), profilePictureUrl: null, favoriteTeam: null });
    expect(typeof first.body.nextCursor).toBe('string');

    const second = await board(`season=${season}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.entries.map((e: { user: { _id: string } }) => e.user._id)).toEqual(expected.slice(CALLERS_PAGE_SIZE));
    expect(second.body.entries.map((e: { rank: number }) => e.rank)).toEqual([21, 22]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("filters by the fans' favorite team, ranked among them", async () => {
    const season = '2012-13';
    const [celtics, lakers] = await Promise.all([fans(3, CELTICS.id), fans(2, LAKERS.id)]);
    await standings(season, [
      [lakers[0]!, { rating: 3, team: LAKERS.id }],
      [celtics[0]!, { rating: 2, team: CELTICS.id }],
      [lakers[1]!, { rating: 1.5, team: LAKERS.id }],
      [celtics[1]!, { rating: 1, team: CELTICS.id }],
      [celtics[2]!, { rating: 0.5, team: CELTICS.id }],
    ]);
    const reply = await board(`season=${season}&team=${CELTICS.id}`);
    expect(reply.body.team).toBe(CELTICS.id);
    expect(reply.body.entries.map((e: { user: { _id: string }; rank: number }) => [e.rank, e.user._id])).toEqual([
      [1, celtics[0]],
      [2, celtics[1]],
      [3, celtics[2]],
    ]);
    expect(reply.body.entries[0].user.favoriteTeam).toBe(CELTICS.id);
    const everyone = await board(`season=${season}`);
    expect(everyone.body.entries.map((e: { user: { _id: string } }) => e.user._id)).toEqual([
      lakers[0],
      celtics[0],
      lakers[1],
      celtics[1],
      celtics[2],
    ]);
  });

  it('gives the signed-in fan their own standing and rank, wherever they are on the board', async () => {
    const season = '2013-14';
    const [ranked, learner, newcomer, otherTeam] = await Promise.all([
      signUp('ranked'),
      signUp('learner'),
      signUp('newcomer'),
      signUp('outsider'),
    ]);
    const others = await fans(CALLERS_PAGE_SIZE + 2);
    await standings(season, [
      ...others.map((id, i): [string, Standing] => [id, { rating: 3 - i * 0.1 }]),
      // Below the whole first page: rank 23.
      [ranked._id, { rating: 0.2, scored: 16 }],
      [learner._id, { rating: 4, scored: 3, days: 2, qualified: false }],
      [otherTeam._id, { rating: 0.1, team: LAKERS.id }],
    ]);

    const mine = await board(`season=${season}`, ranked);
    expect(mine.body.entries.some((e: { user: { _id: string } }) => e.user._id === ranked._id)).toBe(false);
    expect(mine.body.viewer).toEqual({
      rank: CALLERS_PAGE_SIZE + 3,
      rating: 0.2,
      record: { well: 10, poorly: 6, close: 1 },
      scored: 16,
      days: 4,
      hitRateLow: 0.35,
      qualified: true,
      provisional: false,
    });
    // The rank agrees with the row the board lists on the page it falls on.
    const page2 = await board(`season=${season}&cursor=${encodeURIComponent(mine.body.nextCursor)}`);
    expect(page2.body.entries.find((e: { user: { _id: string } }) => e.user._id === ranked._id)?.rank).toBe(CALLERS_PAGE_SIZE + 3);

    expect((await board(`season=${season}`, learner)).body.viewer).toMatchObject({
      rank: null,
      qualified: false,
      scored: 3,
      days: 2,
    });
    expect((await board(`season=${season}`, newcomer)).body.viewer).toMatchObject({
      rank: null,
      qualified: false,
      scored: 0,
      days: 0,
    });
    // On a team's board, a fan of another team has no standing; a fan of that team is ranked among its fans.
    expect((await board(`season=${season}&team=${CELTICS.id}`, ranked)).body.viewer).toBeNull();
    expect((await board(`season=${season}&team=${LAKERS.id}`, otherTeam)).body.viewer).toMatchObject({ rank: 1 });
  });

  it("shows this season's board by default, by the server's clock, and the all-time board on request", async () => {
    const today = await board('');
    expect(today.body.board).toBe(seasonOf(new Date()));
    const then = await board('', null, new Date('2031-03-01T12:00:00Z'));
    expect(then.body).toMatchObject({ board: '2030-31', title: '2030–31' });
    expect((await board('board=all&season=2011-12')).body).toMatchObject({ board: 'all', title: 'All time' });
  });
});
