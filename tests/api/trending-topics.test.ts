import mongoose from 'mongoose';
import { backfillEntityScores } from '@/lib/data/maintenance/entity-score-backfill';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { EntityStat, Take } from '@/models';
import { call, PLAYERS, postTake, signUp, TEAMS, type TestUser } from '@/tests/support/api';

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

type Topic = { topic: number; entityType: 'player' | 'team'; name: string; likes: number; comments: number; shares: number; score: number };

/**
 * All-time trending as summing every take gives it: likes + 2·comments + 3·shares per player or team, ties by name,
 * top 10. A take on a game counts for both its teams, one on a player for his team when posted (its entityKeys).
 */
async function summedFromTakes(types: ('player' | 'team')[]): Promise<Topic[]> {
  const names = new Map<string, string>([
    ...PLAYERS.map((p) => [`player:${p.id}`, p.name] as const),
    ...TEAMS.map((t) => [`team:${t.id}`, t.name] as const),
  ]);
  const sums = new Map<string, Topic>();
  const kinds: ('player' | 'team' | 'game')[] = types.includes('team') ? ['player', 'team', 'game'] : types;
  const takes = await Take.find({ entityType: mongoose.trusted({ $in: kinds }) }).lean();
  for (const take of takes) {
    for (const key of take.entityKeys ?? [take.entityKey]) {
      const [type, id] = key.split(':') as ['player' | 'team' | 'game', string];
      if (!types.includes(type as 'player' | 'team')) continue;
      const row = sums.get(key) ?? {
        topic: Number(id),
        entityType: type as 'player' | 'team',
        name: names.get(key)!,
        likes: 0,
        comments: 0,
        shares: 0,
        score: 0,
      };
      row.likes += take.likes;
      row.comments += take.commentsCount;
      row.shares += take.shares;
      row.score = row.likes + 2 * row.comments + 3 * row.shares;
      sums.set(key, row);
    }
  }
  return [...sums.values()]
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, 10);
}

let author: TestUser;
let fans: TestUser[];
beforeAll(async () => {
  [author, ...fans] = await Promise.all([signUp('topics'), signUp('topicsa'), signUp('topicsb'), signUp('topicsc')]);
});

it('ranks all-time topics exactly as summing every take would, through likes, comments, shares and a delete', async () => {
  // Twelve players and two teams with one take each: reactions give them scores that tie and differ.
  const players = PLAYERS.slice(3, 15);
  const takes = [
    ...(await Promise.all(players.map((p) => postTake(author, { playerID: p.id, tags: [p.id] })))),
    ...(await Promise.all(
      TEAMS.slice(3, 5).map((t) => postTake(author, { entityType: 'team', playerID: null, team: t.id, tags: [t.id] })),
    )),
  ];
  for (const [i, take] of takes.entries()) {
    // A like on each, a comment on every second, a share on every third: scores 1, 3, 4 and 6 among them.
    expect(
      (await call('POST', '/api/user-action', { token: fans[i % 3]!.idToken, body: { actionType: 'like', postID: take._id } })).status,
    ).toBe(200);
    if (i % 2 === 0)
      expect((await call('POST', '/api/comments', { token: fans[0]!.idToken, body: { text: 'argue', postID: take._id } })).status).toBe(
        201,
      );
    if (i % 3 === 0)
      expect(
        (await call('POST', '/api/user-action', { token: fans[1]!.idToken, body: { actionType: 'share', postID: take._id } })).status,
      ).toBe(200);
  }
  // A like switched to a dislike and a deleted take move the stored score back as well.
  expect(
    (await call('POST', '/api/user-action', { token: fans[0]!.idToken, body: { actionType: 'dislike', postID: takes[0]!._id } })).status,
  ).toBe(200);
  expect((await call('DELETE', `/api/takes/${takes[1]!._id}`, { token: author.idToken })).status).toBe(200);
  // A new take expires the cached lists (reactions alone leave them for their time to live).
  await postTake(author);

  for (const [type, types] of [
    [undefined, ['player', 'team']],
    ['players', ['player']],
    ['teams', ['team']],
  ] as const) {
    const reply = await call('GET', `/api/takes/topics/trending?timeRange=all${type ? `&type=${type}` : ''}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(await summedFromTakes([...types]));
  }
}, 120_000);

it('gives entity stats stored before the score existed their score, and the repair keeps it a sum', async () => {
  const player = PLAYERS[20]!;
  const take = await postTake(author, { playerID: player.id, tags: [player.id] });
  await call('POST', '/api/user-action', { token: fans[2]!.idToken, body: { actionType: 'share', postID: take._id } });
  await EntityStat.updateOne({ _id: `player:${player.id}` }, { $unset: { score: 1 } });
  await backfillEntityScores();
  const stat = await EntityStat.findById(`player:${player.id}`).lean();
  expect(stat?.score).toBe(stat!.likes + 2 * stat!.comments + 3 * stat!.shares);
  expect(stat?.score).toBeGreaterThanOrEqual(3);
});
