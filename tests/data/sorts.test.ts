import mongoose from 'mongoose';
import { Comment, EntityStat, Take, UserAction } from '@/models';
import { act, comment, commentsPage, feed, type Fan as TestUser, postTake, signUp } from '@/tests/data/support/fans';

/**
 * A data set where every sort disagrees. Reactions are written as facts in the
 * database for users who need not exist, with their counters, minus one like
 * that a real user then gives through the data layer: that like is what computes the
 * stored sort keys, as every reaction does.
 */
const CRAFTED = { A: [60, 40], B: [9, 1], C: [100, 0], D: [50, 50], E: [1, 0] } as const;
type Name = keyof typeof CRAFTED;

let author: TestUser;
let reactor: TestUser;
const ids = {} as Record<Name | 'G', string>;

async function craft(kind: 'take' | 'comment', target: string, likes: number, dislikes: number) {
  const _id = new mongoose.Types.ObjectId(target);
  const facts = [...Array.from({ length: likes - 1 }, () => 'like'), ...Array.from({ length: dislikes }, () => 'dislike')].map(
    (actionType) => ({
      user: new mongoose.Types.ObjectId(),
      targetType: kind,
      target: _id,
      slot: 'reaction',
      actionType,
    }),
  );
  if (facts.length) await UserAction.insertMany(facts);
  const model = (kind === 'take' ? Take : Comment) as typeof Take;
  await model.updateOne({ _id }, { $set: { likes: likes - 1, dislikes } });
  // A take's likes feed the all-time stats of every entity it counts for too (its player's, and his team's then):
  // kept in step, as a reaction keeps them, so the database stays true to its facts for the suites that run after
  // this one (all-time trending sums every take).
  if (kind === 'take') {
    const take = await Take.findById(_id).select({ entityKeys: 1 }).lean();
    for (const key of take!.entityKeys) await EntityStat.updateOne({ _id: key }, { $inc: { likes: likes - 1, score: likes - 1 } });
  }
  const reply = await act(reactor, { actionType: 'like', ...(kind === 'take' ? { postID: target } : { commentID: target }) });
  expect(reply).toMatchObject({ likes, dislikes });
}

/** Dates a take back (through the driver: Mongoose keeps createdAt immutable). */
const postedAt = (id: string, at: Date) => Take.collection.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { createdAt: at } });

beforeAll(async () => {
  [author, reactor] = await Promise.all([signUp('sorter'), signUp('tapper')]);
  // A to E were posted a day and a half ago, a minute apart, so they are outside the past day; G, the most liked, just now.
  const start = Date.now() - 36 * 60 * 60 * 1000;
  for (const [i, name] of (Object.keys(CRAFTED) as Name[]).entries()) {
    ids[name] = (await postTake(author, { title: `Sort ${name}` }))._id;
    await postedAt(ids[name], new Date(start + i * 60_000));
  }
  ids.G = (await postTake(author, { title: 'Sort G' }))._id;
  await craft('take', ids.G, 200, 0);
  for (const [name, [likes, dislikes]] of Object.entries(CRAFTED)) await craft('take', ids[name as Name], likes, dislikes);
});

/** Every take of the feed in `query`'s order, page by page through the next page's cursor (X-Next-Cursor over HTTP). */
async function walk(query: string, limit = 20): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof feed>> = await feed(
      null,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.takes.map((t) => t._id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(new Set(seen).size).toBe(seen.length);
  return seen;
}
const named = (order: string[], names: (Name | 'G')[]) => {
  const byId = new Map(names.map((n) => [ids[n], n]));
  return order.filter((id) => byId.has(id)).map((id) => byId.get(id));
};
const five: Name[] = ['A', 'B', 'C', 'D', 'E'];

describe('feed sorts, each paged to the end with Load More', () => {
  it('Hot: the score (net likes, then recency)', async () =>
    expect(named(await walk('sort=hot'), five)).toEqual(['C', 'A', 'B', 'E', 'D']));

  it('New: newest first', async () => expect(named(await walk('sort=new'), five)).toEqual(['E', 'D', 'C', 'B', 'A']));

  it('Top: most liked, within its window', async () => {
    expect(named(await walk('sort=top'), [...five, 'G'])).toEqual(['G', 'C', 'A', 'D', 'B', 'E']);
    expect(named(await walk('sort=top&timeRange=week'), [...five, 'G'])).toEqual(['G', 'C', 'A', 'D', 'B', 'E']);
    expect(named(await walk('sort=top&timeRange=24h'), [...five, 'G'])).toEqual(['G']);
  });

  it('Spiciest: many reactions close to an even split; unanimous takes last', async () => {
    expect(named(await walk('sort=spicy'), five)).toEqual(['D', 'A', 'B', 'E', 'C']);
  });

  it('Best: the Wilson lower bound, so 9 of 10 beats 60 of 100 but not 100 of 100', async () => {
    expect(named(await walk('sort=best'), five)).toEqual(['C', 'B', 'A', 'D', 'E']);
  });

  it('pages the same order with any page size', async () => {
    expect(named(await walk('sort=best', 3), five)).toEqual(['C', 'B', 'A', 'D', 'E']);
  });
});

describe('comment sorts', () => {
  it('orders a take’s comments by New or by Best', async () => {
    const take = ids.A;
    const comments: Record<string, string> = {};
    for (const name of ['c1', 'c2', 'c3']) comments[name] = (await comment(author, { text: `comment ${name}`, postID: take }))._id;
    await craft('comment', comments.c1!, 9, 1);
    await craft('comment', comments.c2!, 60, 40);
    await craft('comment', comments.c3!, 1, 0);
    const order = async (query: string) => {
      const page = await commentsPage(null, take, query);
      expect(page.totalComments).toBe(3);
      return page.comments.map((c: { text: string }) => c.text.replace('comment ', ''));
    };
    expect(await order('')).toEqual(['c3', 'c2', 'c1']);
    expect(await order('&sort=new')).toEqual(['c3', 'c2', 'c1']);
    expect(await order('&sort=best')).toEqual(['c1', 'c2', 'c3']);
    expect(await order('&sort=best&skip=1&limit=1')).toEqual(['c2']);
  });
});
