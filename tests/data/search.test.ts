import { searchFor } from '@/lib/data/discovery/reader-lists';
import { backfillSearchKeys } from '@/lib/data/maintenance/search-backfill';
import { searchQuery } from '@/lib/validation/takes';
import { Take } from '@/models';
import { comment, type Fan as TestUser, PLAYER, PLAYERS, plain, postTake, readerOf, signUp } from '@/tests/data/support/fans';
import { storeTake } from '@/tests/data/support/stored-take';

/** A word no other test's take holds, so each search below sees only its own takes. */
const unique = (tag: string) => `${tag}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/** GET /api/search/takes?q= for a visitor: the ids found. */
const search = async (q: string) =>
  plain<{ _id: string }[]>(await searchFor(await readerOf(null), searchQuery.parse({ q }).q)).map((t) => t._id);

let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  [author, fan] = await Promise.all([signUp('seeker'), signUp('finder')]);
});

describe('what a search finds', () => {
  const word = unique('zv');
  const other = unique('qx');
  const player = PLAYERS.find((p) => p.name === 'Luka Dončić')!;
  let byTitle: string;
  let byDescription: string;
  let aboutPlayer: string;
  beforeAll(async () => {
    byTitle = (await postTake(author, { title: `Crème-brûlée ${word} passing`, description: 'Nothing else here.' }))._id;
    byDescription = (await postTake(author, { title: 'A quiet one', description: `The ${word} ${other} is real 🐐.` }))._id;
    aboutPlayer = (await postTake(fan, { title: `Best ${word}`, playerID: player.id, tags: [player.id] }))._id;
  });

  it('matches a word of the title or description by any prefix of it, in any case', async () => {
    expect(new Set(await search(word))).toEqual(new Set([byTitle, byDescription, aboutPlayer]));
    expect(new Set(await search(word.slice(0, -2).toUpperCase()))).toEqual(new Set([byTitle, byDescription, aboutPlayer]));
  });

  it('needs every word of the query, in any order, and ignores punctuation and emoji between them', async () => {
    expect(await search(`${other} ${word}`)).toEqual([byDescription]);
    expect(await search(`🐐 ${word.toUpperCase()}, ${other}!`)).toEqual([byDescription]);
    expect(await search(`${word} ${unique('nope')}`)).toEqual([]);
  });

  it("finds a take by its focus's name and by its author's username", async () => {
    expect(await search(`${word} doncic`)).toEqual([aboutPlayer]);
    expect(await search(`${fan.username} ${word}`)).toEqual([aboutPlayer]);
    expect(await search(fan.username)).toContain(aboutPlayer);
  });

  it('folds accents both ways', async () => {
    expect(await search(`creme ${word}`)).toEqual([byTitle]);
    expect(await search(`CRÈME-BRÛLÉE ${word}`)).toEqual([byTitle]);
    expect(await search(`${word} DONČIĆ`)).toEqual([aboutPlayer]);
  });

  it('does not match inside a word: only whole prefixes of words', async () => {
    expect(await search(word.slice(2))).toEqual([]);
    expect(await search(`${word}zz`)).toEqual([]);
  });
});

it('ranks the most popular first and keeps five', async () => {
  const word = unique('rk');
  const takes = [];
  for (let i = 0; i < 7; i += 1) takes.push((await postTake(author, { title: `Ranked ${word} number ${i}` }))._id);
  // Comments make a take popular: take i gets i of them, so the last is the most popular.
  for (const [i, id] of takes.entries()) {
    for (let n = 0; n < i; n += 1) await comment(fan, { text: `comment ${n}`, postID: id });
  }
  expect(await search(word)).toEqual(takes.slice(2).reverse());
});

describe('hostile input', () => {
  it.each([
    ['a pattern', '.*'],
    ['an open parenthesis', '('],
    ['operators', '$where $ne {"$gt":""}'],
    ['one letter a hundred times', 'a'.repeat(100)],
    ['only emoji', '🐐🔥👑'],
    ['only punctuation and spaces', ' -- ... !! '],
  ])('answers %s with no results, not an error', async (_label, q) => {
    expect(await search(q)).toEqual([]);
  });

  it('finds a long word by its first fifteen letters, however long the query word is', async () => {
    const word = unique('longword').padEnd(24, 'q');
    const take = (await postTake(author, { title: `A ${word} take` }))._id;
    expect(await search(word)).toEqual([take]);
    expect(await search(`${word}${'q'.repeat(40)}`)).toEqual([take]);
  });
});

it('fills in the search keys of takes stored without them, and a second run writes nothing', async () => {
  const word = unique('bf');
  const stored = await storeTake(author, { title: `Archived ${word} take` });
  await Take.updateOne({ _id: stored }, { $unset: { searchKeys: 1 } });
  expect(await search(word)).toEqual([]);

  expect(await backfillSearchKeys({ dryRun: true })).toBeGreaterThanOrEqual(1);
  expect(await backfillSearchKeys()).toBeGreaterThanOrEqual(1);
  expect(await backfillSearchKeys()).toBe(0);
  // A new take expires search's cached answers, so the stored one is looked for afresh.
  await postTake(author, { title: unique('expire') });
  expect(await search(word)).toEqual([stored]);
  expect(await search(`${word} ${PLAYER.name.split(' ').pop()!}`)).toEqual([stored]);
});
