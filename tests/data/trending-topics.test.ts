import mongoose from 'mongoose';
import { backfillEntityScores } from '@/lib/data/maintenance/entity-score-backfill';
import { trendingTopics } from '@/lib/data/discovery/trending';
import { EntityStat, Take } from '@/models';
import { act, comment, type Fan as TestUser, PLAYERS, plain, postTake, removeTake, signUp, TEAMS } from '@/tests/data/support/fans';

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
    await act(fans[i % 3]!, { actionType: 'like', postID: take._id });
    if (i % 2 === 0) await comment(fans[0]!, { text: 'argue', postID: take._id });
    if (i % 3 === 0) await act(fans[1]!, { actionType: 'share', postID: take._id });
  }
  // A like switched to a dislike and a deleted take move the stored score back as well.
  await act(fans[0]!, { actionType: 'dislike', postID: takes[0]!._id });
  await removeTake(author, takes[1]!._id);
  await postTake(author);

  for (const [type, types] of [
    [undefined, ['player', 'team']],
    ['players', ['player']],
    ['teams', ['team']],
  ] as const) {
    expect(plain(await trendingTopics(type, 'all'))).toEqual(await summedFromTakes([...types]));
  }
});

it('gives entity stats stored before the score existed their score, and the repair keeps it a sum', async () => {
  const player = PLAYERS[20]!;
  const take = await postTake(author, { playerID: player.id, tags: [player.id] });
  await act(fans[2]!, { actionType: 'share', postID: take._id });
  await EntityStat.updateOne({ _id: `player:${player.id}` }, { $unset: { score: 1 } });
  await backfillEntityScores();
  const stat = await EntityStat.findById(`player:${player.id}`).lean();
  expect(stat?.score).toBe(stat!.likes + 2 * stat!.comments + 3 * stat!.shares);
  expect(stat?.score).toBeGreaterThanOrEqual(3);
});
