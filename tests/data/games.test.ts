import { gameThreadFor } from '@/lib/data/discovery/game-thread';
import { shownGame } from '@/lib/data/filters/lists';
import { getGame, slateOf } from '@/lib/data/games/games';
import { setFavoriteTeam } from '@/lib/data/people/users';
import { gameTakesQuery } from '@/lib/validation/games';
import { EntityStat, Take } from '@/models';
import {
  act,
  entityTakes,
  type Fan,
  outcome,
  PLAYERS,
  plain,
  postTake,
  readerOf,
  removeTake,
  restrictFan,
  signUp,
  storeGame,
  TEAMS,
} from '@/tests/data/support/fans';

const HOUR = 60 * 60 * 1000;
const [AWAY, HOME, OTHER] = [TEAMS[4]!, TEAMS[5]!, TEAMS[6]!];

type Slate = { date: string; timeZone: string; previous: string; next: string; games: { id: number; tipoff: string }[] };

/** A take on a game, as the composer sends it: the spec's ids null, the game's id in gameID (and first among the tags). */
const gameTake = (gameID: number, extra: Record<string, unknown> = {}) => ({
  entityType: 'game',
  gameID,
  playerID: null,
  team: null,
  specialID: null,
  tags: [gameID],
  ...extra,
});

const statTakes = async (key: string) => (await EntityStat.findById(key).lean())?.takes ?? 0;
const teamPage = async (team: number) => (await entityTakes(null, 'team', team, 'limit=50')).map((t) => t._id);
/** GET /api/games?date&tz for a visitor. */
const slate = async (date: string, tz: string) => {
  const [day, reader] = await Promise.all([slateOf(date, tz), readerOf(null)]);
  return plain<Slate>({ ...day, games: day.games.map((game) => shownGame(reader, game)) });
};
/** GET /api/games/{id}/takes?<query>, as `fan` (null: a visitor) reads it. */
const thread = async (fan: Fan | null, game: number, query = '') => {
  const { limit, cursor } = gameTakesQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  return plain<{ takes: { _id: string }[]; nextCursor: string | null }>(await gameThreadFor(await readerOf(fan), game, { limit, cursor }));
};

let author: Fan;
let fan: Fan;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('gamer'), signUp('gamefan')]);
});

describe('the slate', () => {
  const DAY = `2041-03-${String(10 + Math.floor(Math.random() * 15)).padStart(2, '0')}`;
  let late: number, early: number, afternoon: number;
  beforeAll(async () => {
    // 23:30 UTC is 19:30 that day in New York and 08:30 the next morning in Tokyo; 02:00 UTC is still the evening
    // before in New York; 18:00 UTC is that afternoon in New York and the next day's small hours in Tokyo.
    late = (await storeGame({ tipoff: new Date(`${DAY}T23:30:00Z`), away: AWAY.id, home: HOME.id }))._id;
    early = (
      await storeGame({
        tipoff: new Date(`${DAY}T02:00:00Z`),
        away: OTHER.id,
        home: AWAY.id,
        status: 'final',
        awayScore: 101,
        homeScore: 99,
      })
    )._id;
    afternoon = (
      await storeGame({ tipoff: new Date(`${DAY}T18:00:00Z`), away: HOME.id, home: OTHER.id, status: 'live', awayScore: 40, homeScore: 38 })
    )._id;
  });

  it("lists a day's games from midnight to midnight in the zone asked, in tip-off order", async () => {
    const newYork = await slate(DAY, 'America/New_York');
    expect(newYork.games.map((g) => g.id)).toEqual([afternoon, late]);
    expect((await slate(DAY, 'Asia/Tokyo')).games.map((g) => g.id)).toEqual([early]);
    expect((await slate(DAY, 'UTC')).games.map((g) => g.id)).toEqual([early, afternoon, late]);
    const [, day] = DAY.split('-03-');
    expect(newYork).toMatchObject({
      date: DAY,
      timeZone: 'America/New_York',
      previous: `2041-03-${String(Number(day) - 1).padStart(2, '0')}`,
      next: `2041-03-${String(Number(day) + 1).padStart(2, '0')}`,
    });
  });

  it('names the teams, the status and the score', async () => {
    expect((await slate(DAY, 'UTC')).games[0]).toEqual({
      id: early,
      season: '2026-27',
      tipoff: `${DAY}T02:00:00.000Z`,
      status: 'final',
      away: {
        id: OTHER.id,
        name: OTHER.name,
        nickname: expect.any(String),
        abbreviation: expect.any(String),
        color: expect.stringMatching(/^#/),
      },
      home: expect.objectContaining({ id: AWAY.id, name: AWAY.name }),
      awayScore: 101,
      homeScore: 99,
      takes: 0,
    });
    expect(plain(await getGame(late))).toMatchObject({ id: late, status: 'scheduled', awayScore: null });
    expect(await getGame(123)).toBeNull();
  });
});

describe('a take on a game', () => {
  let game: number;
  beforeAll(async () => {
    game = (await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR), away: AWAY.id, home: HOME.id }))._id;
  });

  it('is filed on the game, named by its teams, and counts for both teams', async () => {
    const before = await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`, `team:${OTHER.id}`].map(statTakes));
    const player = PLAYERS.find((p) => p.teamId === OTHER.id)!;
    const take = await postTake(author, {
      title: 'Road win tonight',
      description: 'The bench travels.',
      addType: 'user',
      league: 'nba',
      ...gameTake(game, { tags: [game, player.id], playerID: 77 }),
    });
    expect(take).toMatchObject({
      entityType: 'game',
      gameID: game,
      playerID: null,
      team: null,
      matchup: { away: AWAY.id, home: HOME.id },
      tags: [player.id],
      entity: { type: 'game', id: game, name: expect.stringContaining(' @ ') },
    });
    // The teams it names: the game's two, and the tagged player's team as it is today.
    expect([...take.namedTeams].sort()).toEqual([AWAY.id, HOME.id, OTHER.id].sort());

    expect(await teamPage(AWAY.id)).toContain(take._id);
    expect(await teamPage(HOME.id)).toContain(take._id);
    expect(await teamPage(OTHER.id)).not.toContain(take._id);
    expect(await thread(null, game)).toMatchObject({ takes: [{ _id: take._id }], nextCursor: null });
    expect(plain(await getGame(game)).takes).toBe(1);
    const after = await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`, `team:${OTHER.id}`].map(statTakes));
    expect(after).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]]);

    // A like moves both teams' all-time likes; deleting the take takes it back from both, and from their pages.
    const likes = async () =>
      Promise.all([`team:${AWAY.id}`, `team:${HOME.id}`].map(async (k) => (await EntityStat.findById(k).lean())?.likes ?? 0));
    const likesBefore = await likes();
    await act(fan, { actionType: 'like', postID: take._id });
    expect(await likes()).toEqual(likesBefore.map((n) => n + 1));
    await removeTake(author, take._id);
    expect(await likes()).toEqual(likesBefore);
    expect(await Promise.all([`game:${game}`, `team:${AWAY.id}`, `team:${HOME.id}`].map(statTakes))).toEqual(before.slice(0, 3));
    expect(await teamPage(HOME.id)).not.toContain(take._id);
  });

  it("counts its fan-base split for the author's team when it plays, else the home team's", async () => {
    const [awayFan, neutral] = await Promise.all([signUp('awayfan'), signUp('neutral')]);
    await setFavoriteTeam(awayFan.id, AWAY.id);
    await setFavoriteTeam(neutral.id, OTHER.id);
    const fromAway = await postTake(awayFan, gameTake(game));
    const fromNeutral = await postTake(neutral, gameTake(game));
    expect((await Take.findById(fromAway._id).lean())?.fanTeam).toBe(AWAY.id);
    expect((await Take.findById(fromNeutral._id).lean())?.fanTeam).toBe(HOME.id);
  });

  it('is refused for a game not on the schedule, one far from tip-off, or with a tag that is not there', async () => {
    const past = (await storeGame({ tipoff: new Date(Date.now() - 40 * HOUR), status: 'final' }))._id;
    const post = (body: Record<string, unknown>) => outcome(() => postTake(author, { title: 'T', description: 'D', ...body }));
    expect(await post(gameTake(123))).toMatchObject({ status: 400, body: { error: 'Unknown game: 123.' } });
    expect(await post(gameTake(past))).toMatchObject({ status: 400, body: { error: expect.stringMatching(/closed/) } });
    expect(await post(gameTake(game, { tags: [game, 'no-such-topic'] }))).toMatchObject({
      status: 400,
      body: { error: 'Unknown tag: no-such-topic.' },
    });
  });
});

describe('a game thread', () => {
  it('pages newest first, ten at a time, never repeating, and leaves out a fan the reader muted', async () => {
    const game = (await storeGame({ tipoff: new Date(Date.now() + HOUR) }))._id;
    const [other, reader] = await Promise.all([signUp('threader'), signUp('threadread')]);
    const posted: string[] = [];
    for (let i = 0; i < 12; i += 1)
      posted.push((await postTake(i % 3 ? author : other, { ...gameTake(game), title: `Thread take ${i}` }))._id);
    const first = await thread(null, game);
    expect(first.takes).toHaveLength(10);
    expect(first.nextCursor).toMatch(/^\d+_[a-f0-9]{24}$/);
    const second = await thread(null, game, `cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ nextCursor: null });
    expect([...first.takes, ...second.takes].map((t) => t._id)).toEqual([...posted].reverse());

    await restrictFan(reader, 'mute', other._id);
    const muted = await thread(reader, game, 'limit=50');
    expect(muted.takes.map((t) => t._id)).toEqual(posted.filter((_, i) => i % 3).reverse());
  });
});
