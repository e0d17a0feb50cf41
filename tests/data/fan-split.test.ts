import mongoose from 'mongoose';
import { divisiveTeams } from '@/lib/data/discovery/trending';
import { repairCounts } from '@/lib/data/maintenance/repair';
import { setFavoriteTeam } from '@/lib/data/people/users';
import { getTake } from '@/lib/data/takes/takes';
import { Take } from '@/models';
import { type Fan as TestUser, PLAYERS, plain, postTake as post, react as reactAs, signUp, TEAMS, vote } from '@/tests/data/support/fans';

const team = (name: string) => TEAMS.find((t) => t.name === name)!;
const CELTICS = team('Boston Celtics');
const LAKERS = team('Los Angeles Lakers');
const JAZZ = team('Utah Jazz');
const CELTIC = PLAYERS.find((p) => p.teamId === CELTICS.id)!;

let author: TestUser;
beforeAll(async () => {
  author = await signUp('scribe');
});

const setTeam = (user: TestUser, teamId: number | null) => setFavoriteTeam(user.id, teamId);
/** Fresh users, each a fan of `teamId` (or of nobody). */
async function fans(n: number, teamId: number | null): Promise<TestUser[]> {
  const users = await Promise.all(Array.from({ length: n }, () => signUp('fan')));
  if (teamId !== null) await Promise.all(users.map((u) => setTeam(u, teamId)));
  return users;
}
/** A take posted two days ago: inside the divisive view's week. */
async function postTake(user: TestUser, overrides: Record<string, unknown> = {}) {
  const take = await post(user, overrides);
  await Take.collection.updateOne(
    { _id: new mongoose.Types.ObjectId(take._id) },
    { $set: { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) } },
  );
  return take;
}
const react = (user: TestUser, takeId: string, actionType: 'like' | 'dislike') => reactAs(user, takeId, actionType);
const splitOf = async (takeId: string) => plain(await getTake(takeId)).fanSplit;
const teamTake = (teamId: number, extra: Record<string, unknown> = {}) =>
  postTake(author, { entityType: 'team', playerID: null, team: teamId, tags: [teamId], ...extra });

describe('the fan-base split', () => {
  it("shows a team take's fans beside everyone once five of them have reacted", async () => {
    const take = await teamTake(CELTICS.id);
    const [celtics, others] = await Promise.all([fans(5, CELTICS.id), fans(2, LAKERS.id)]);
    await Promise.all(celtics.slice(0, 4).map((f) => react(f, take._id, 'dislike')));
    await Promise.all(others.map((f) => react(f, take._id, 'like')));
    expect(await splitOf(take._id)).toBeNull();
    await react(celtics[4]!, take._id, 'like');
    // Celtics fans: 1 like of 5; everyone: 3 likes of 7.
    expect(await splitOf(take._id)).toEqual({ team: CELTICS.id, teamName: 'Celtics', fans: 20, everyone: 43 });
  });

  it("counts a player take for the fans of the player's team, and no team for a topic", async () => {
    const take = await postTake(author, { playerID: CELTIC.id, tags: [CELTIC.id] });
    const celtics = await fans(5, CELTICS.id);
    await Promise.all(celtics.map((f) => react(f, take._id, 'like')));
    expect(await splitOf(take._id)).toEqual({ team: CELTICS.id, teamName: 'Celtics', fans: 100, everyone: 100 });

    const topic = await postTake(author, { entityType: 'special', playerID: null, specialID: 'mvp-race', tags: ['mvp-race'] });
    await Promise.all(celtics.map((f) => react(f, topic._id, 'like')));
    expect(await splitOf(topic._id)).toBeNull();
  });

  it('stays exact with 20 fans reacting at once', async () => {
    const take = await teamTake(CELTICS.id);
    const crowd = await fans(20, CELTICS.id);
    await Promise.all(crowd.map((f, i) => react(f, take._id, i < 15 ? 'like' : 'dislike')));
    expect(await Take.findById(take._id).lean()).toMatchObject({ likes: 15, dislikes: 5, fanLikes: 15, fanDislikes: 5 });
    expect(await splitOf(take._id)).toMatchObject({ fans: 75, everyone: 75 });
  });

  it('keeps old reactions with the team they were made for when a fan changes teams', async () => {
    const take = await teamTake(CELTICS.id);
    const [turncoat, ...rest] = await fans(5, CELTICS.id);
    await Promise.all([turncoat!, ...rest].map((f) => react(f, take._id, 'like')));
    await setTeam(turncoat!, LAKERS.id);
    expect(await Take.findById(take._id).lean()).toMatchObject({ fanLikes: 5, fanDislikes: 0 });
    // Switching the old reaction moves it within the split it was counted in.
    await react(turncoat!, take._id, 'dislike');
    expect(await Take.findById(take._id).lean()).toMatchObject({ likes: 4, dislikes: 1, fanLikes: 4, fanDislikes: 1 });
    // A new reaction counts for the team they follow now: not the Celtics.
    const next = await teamTake(CELTICS.id);
    await react(turncoat!, next._id, 'like');
    expect(await Take.findById(next._id).lean()).toMatchObject({ likes: 1, fanLikes: 0 });
  });

  it("ranks teams on trending by how far their fans' share is from everyone's this week", async () => {
    const take = await teamTake(JAZZ.id);
    const [jazz, neutral] = await Promise.all([fans(5, JAZZ.id), fans(5, null)]);
    await Promise.all([...jazz.map((f) => react(f, take._id, 'dislike')), ...neutral.map((f) => react(f, take._id, 'like'))]);
    expect(plain(await divisiveTeams())).toContainEqual({
      team: JAZZ.id,
      name: 'Utah Jazz',
      teamName: 'Jazz',
      fans: 0,
      everyone: 50,
      fanReactions: 5,
    });
  });
});

it('npm run repair-counts recomputes fan and receipt counters from their facts', async () => {
  const take = await teamTake(CELTICS.id, { checkBack: { preset: '30-days' } });
  const id = new mongoose.Types.ObjectId(take._id);
  const [fan] = await fans(1, CELTICS.id);
  await react(fan!, take._id, 'like');
  await Take.updateOne({ _id: id }, { $set: { checkBackAt: new Date(Date.now() - 24 * 60 * 60 * 1000) } });
  await vote(fan!, take._id, 'well');

  await Take.updateOne({ _id: id }, { $set: { fanLikes: 9, agedWell: 4, receiptVotes: 4 } });
  const fixes = await repairCounts();
  expect(fixes).toEqual(
    expect.arrayContaining([
      { collection: 'takes', id: take._id, field: 'fanLikes', was: 9, now: 1 },
      { collection: 'takes', id: take._id, field: 'agedWell', was: 4, now: 1 },
      { collection: 'takes', id: take._id, field: 'receiptVotes', was: 4, now: 1 },
    ]),
  );
  expect(await Take.findById(id).lean()).toMatchObject({ fanLikes: 1, agedWell: 1, receiptVotes: 1 });
  expect(await repairCounts()).toEqual([]);
});
