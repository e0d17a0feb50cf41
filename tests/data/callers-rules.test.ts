import mongoose from 'mongoose';
import { crowdOdds, seasonOf } from '@/lib/callers/callers';
import { moderationQueue } from '@/lib/data/moderation/moderation';
import { setFavoriteTeam } from '@/lib/data/people/users';
import { CallerScore, CallerStat, Take, UserAction } from '@/models';
import { at, inFuture } from '@/tests/data/support/clock';
import { ageAccounts, backdateTake, DAY, daysAgo, independentFans, postCall } from '@/tests/data/support/callers';
import {
  type Fan,
  followFan,
  leave,
  notifications,
  outcome,
  plain,
  postTake,
  react,
  removeTake,
  restrictFan,
  runScheduledJob,
  signInAdmin,
  signUp,
  TEAM,
  vote,
} from '@/tests/data/support/fans';

/** A due receipt whose voting closed: posted 40 days ago, due `due` days ago (more than a week: RECEIPT_VERDICT_AFTER_MS). */
async function closedReceipt(by: Fan, due = 10) {
  const take = await postCall(by);
  await backdateTake(take._id, { posted: daysAgo(40), due: daysAgo(due) });
  return take;
}

const scoreOf = (takeId: string) => CallerScore.findById(takeId).lean();
const standing = (board: string, user: Fan) => CallerStat.findById(`${board}:${user._id}`).lean();

let voters: Fan[];
beforeAll(async () => {
  voters = await independentFans(21, 'caller');
}, 180_000);

describe('scoring a receipt', () => {
  it('scores it once its voting closes, against its crowd of the first two days, and keeps the standing from the facts', async () => {
    const author = await signUp('scored');
    const take = await postCall(author);
    // Three dislikes in its first hours, which move back with it: posted 40 days ago, due 10 days ago.
    for (const fan of voters.slice(0, 3)) await react(fan, take._id, 'dislike');
    await backdateTake(take._id, { posted: daysAgo(40), due: daysAgo(10) });
    for (const fan of voters.slice(0, 10)) await vote(fan, take._id, 'well');
    expect(await scoreOf(take._id)).toBeNull();

    await Promise.all([runScheduledJob(), runScheduledJob()]);
    const crowd = crowdOdds(0, 3);
    const due = (await Take.findById(take._id).lean())!.checkBackAt!;
    expect(await scoreOf(take._id)).toMatchObject({
      author: author.id,
      verdict: 'well',
      reason: 'votes',
      crowdLikes: 0,
      crowdDislikes: 3,
      crowd,
      points: (1 - crowd) / crowd,
      countedWell: 10,
      countedPoorly: 0,
      season: seasonOf(due),
      dueDay: due.toISOString().slice(0, 10),
    });
    for (const board of ['all', seasonOf(due)]) {
      expect(await standing(board, author)).toMatchObject({
        scored: 1,
        well: 1,
        poorly: 0,
        close: 0,
        days: 1,
        points: (1 - crowd) / crowd,
        rating: (1 - crowd) / crowd / 11,
        qualified: false,
        provisional: true,
      });
    }
    // Later votes change nothing: it was scored once.
    await vote(voters[10]!, take._id, 'poorly');
    await runScheduledJob();
    expect(await scoreOf(take._id)).toMatchObject({ countedWell: 10, countedPoorly: 0 });

    // The author is told, with the verdict and the points, once.
    const notes = (await notifications(author)).notifications;
    expect(notes.filter((n) => n.type === 'scored')).toEqual([
      expect.objectContaining({
        verdict: 'well',
        points: (1 - crowd) / crowd,
        take: { _id: take._id, title: take.title },
        href: `/takes/${take._id}`,
      }),
    ]);
  });

  it('scores a receipt nobody voted on as close, worth nothing', async () => {
    const author = await signUp('quiet');
    const take = await closedReceipt(author, 9);
    await runScheduledJob();
    expect(await scoreOf(take._id)).toMatchObject({ verdict: 'close', points: 0, countedWell: 0, countedPoorly: 0 });
    expect(await standing('all', author)).toMatchObject({ scored: 0, close: 1, rating: 0, qualified: false });
  });
});

describe('the crowd a call is scored against', () => {
  it('counts the reactions of its first two days from fans with standing: never the author, a burst of new accounts, or a change made later', async () => {
    const author = await signUp('crowded');
    const take = await postCall(author);
    const [counted, liker, switcher, idle] = voters.slice(0, 3).concat(await signUp('idle'));
    const fresh = await Promise.all(Array.from({ length: 8 }, () => signUp('fresh')));
    // Its first hours: the author's own dislike, eight new accounts' dislikes, a fan who never took part before it,
    // and three fans with standing: a dislike, a like, and a like switched to a dislike after the two days.
    await react(author, take._id, 'dislike');
    for (const fan of fresh) await react(fan, take._id, 'dislike');
    await react(idle!, take._id, 'dislike');
    await react(counted!, take._id, 'dislike');
    await react(liker!, take._id, 'like');
    await react(switcher!, take._id, 'like');
    await backdateTake(take._id, { posted: daysAgo(40), due: daysAgo(10) });
    await ageAccounts(fresh, daysAgo(43));
    await ageAccounts([idle!], daysAgo(100));
    // After the two days: a switch (its side when the crowd closed is unknown), a first reaction (too late), and the
    // liker tapping like again, which changes nothing.
    await react(switcher!, take._id, 'dislike');
    await react(voters[3]!, take._id, 'dislike');
    await react(liker!, take._id, 'like');
    expect(await Take.findById(take._id).lean()).toMatchObject({ likes: 1, dislikes: 13 });

    for (const fan of voters.slice(4, 14)) await vote(fan, take._id, 'well');
    await runScheduledJob();
    // As the split stood at two days (2 likes, 11 dislikes), it would have paid 4 points; its crowd with standing pays 1.
    expect(await scoreOf(take._id)).toMatchObject({ verdict: 'well', crowdLikes: 1, crowdDislikes: 1, crowd: 0.5, points: 1 });
  });
});

describe('the votes that count', () => {
  it('only from accounts older than the take, 14 days old at the date, that took part before it, and not blocked by the author', async () => {
    const author = await signUp('judged');
    // Posted 40 days ago and due 10 days ago; the other posted only 20 days ago, so an account older than it can be young.
    const take = await closedReceipt(author, 10);
    const recent = await postCall(author);
    await backdateTake(recent._id, { posted: daysAgo(20), due: daysAgo(10) });
    const [newer, young, idle, lateJoiner] = await Promise.all(Array.from({ length: 4 }, () => signUp('ruled')));
    const tookPart = async (user: Fan, days: number) => {
      await react(user, take._id, 'like');
      await UserAction.collection.updateMany({ user: user.id }, { $set: { updatedAt: daysAgo(days) } });
    };
    // Made after the take was posted, though 25 days old at the date and active before it.
    await ageAccounts([newer!], daysAgo(35));
    await tookPart(newer!, 20);
    // Made before the other take was posted, active before its date, but only 11 days old at it.
    await ageAccounts([young!], daysAgo(21));
    await tookPart(young!, 15);
    // Old enough, and never took part before the date: one never, the other only now.
    await ageAccounts([idle!, lateJoiner!], daysAgo(100));
    await react(lateJoiner!, take._id, 'like');
    // Eligible in every way, then blocked by the author after voting.
    const [blocked] = await independentFans(1, 'blocked');

    for (const fan of voters.slice(0, 10)) {
      await vote(fan, take._id, 'well');
      await vote(fan, recent._id, 'well');
    }
    for (const fan of [newer!, idle!, lateJoiner!, blocked!]) await vote(fan, take._id, 'poorly');
    await vote(young!, recent._id, 'poorly');
    expect(await restrictFan(author, 'block', blocked!._id)).toMatchObject({ blocking: true });

    await runScheduledJob();
    // 10 to 4 would be too close to call; the votes that break a rule do not count, and both takes aged well.
    expect(await scoreOf(take._id)).toMatchObject({ countedWell: 10, countedPoorly: 0, verdict: 'well' });
    expect(await scoreOf(recent._id)).toMatchObject({ countedWell: 10, countedPoorly: 0, verdict: 'well' });
    expect(await standing('all', author)).toMatchObject({ scored: 2, well: 2, poorly: 0 });
  });

  it("counts at most 3 of one voter's votes on one author's takes within 30 days: the earliest", async () => {
    const author = await signUp('capped');
    const takes = [];
    for (let i = 0; i < 4; i += 1) takes.push(await closedReceipt(author, 8 + i));
    const [fan] = voters;
    for (const take of takes) await vote(fan!, take._id, 'poorly');
    await runScheduledJob();
    const counted = await Promise.all(takes.map(async (t) => (await scoreOf(t._id))?.countedPoorly));
    expect(counted).toEqual([1, 1, 1, 0]);
  });
});

describe('deleting a receipt', () => {
  it('more than 15 minutes after posting scores it as aged poorly, against its crowd; within them, it is taken back', async () => {
    const author = await signUp('deleter');
    const kept = await postCall(author);
    const early = await postCall(author);
    await react(voters[0]!, kept._id, 'like');
    // Twenty minutes later: the game or the news it names may be in.
    await removeTake(author, kept._id, inFuture(20 * 60 * 1000));
    await removeTake(author, early._id);

    expect(await scoreOf(kept._id)).toMatchObject({
      verdict: 'poorly',
      reason: 'deleted',
      points: -1,
      title: kept.title,
      crowdLikes: 1,
      crowdDislikes: 0,
    });
    expect(await scoreOf(early._id)).toBeNull();
    expect(await standing('all', author)).toMatchObject({ scored: 1, poorly: 1, points: -1, rating: -1 / 11 });
  });
});

describe('check-back dates', () => {
  it('are allowed on 3 new takes a fan posts a day; the 4th is refused with a reason, a plain take is not', async () => {
    const fan = await signUp('prolific');
    const post = (checkBack?: unknown) => outcome(() => postTake(fan, checkBack ? { checkBack } : {}));
    const thirty = { preset: '30-days' };
    for (let i = 0; i < 3; i += 1) expect((await post(thirty)).status).toBe(200);
    expect(await post(thirty)).toMatchObject({ status: 429, body: { error: 'You can add a check-back date to at most 3 takes a day.' } });
    expect((await post()).status).toBe(200);
    // Deleting one does not give its place back.
    const mine = await Take.find({ createdBy: fan.id, checkBackAt: mongoose.trusted({ $ne: null }) }).lean();
    await removeTake(fan, String(mine[0]!._id));
    expect((await post(thirty)).status).toBe(429);
    // The next day it is open again.
    expect((await at(inFuture(DAY), () => post(thirty))).status).toBe(200);
  });
});

describe('standings', () => {
  it('qualify a fan with 5 scored receipts on 3 days, tell them they entered the top 10, follow their team, and go with their account', async () => {
    const author = await signUp('topcall');
    const takes = [];
    for (let i = 0; i < 5; i += 1) takes.push(await closedReceipt(author, 8 + i));
    // Ten votes each, round the 21 voters, so nobody casts more than 3 on this author's takes.
    for (const [i, take] of takes.entries()) {
      for (let k = 0; k < 10; k += 1) await vote(voters[(i * 10 + k) % voters.length]!, take._id, 'well');
    }
    await runScheduledJob();
    const season = seasonOf(new Date(Date.now() - 8 * DAY));
    expect(await standing('all', author)).toMatchObject({ scored: 5, well: 5, days: 5, qualified: true, provisional: true });

    const notes = (await notifications(author)).notifications;
    const top = notes.filter((n) => n.type === 'top10');
    expect(top).toEqual(expect.arrayContaining([expect.objectContaining({ board: 'all', href: '/callers' })]));
    expect(top.map((n) => n.board)).toContain(season);
    expect(notes.filter((n) => n.type === 'scored')).toHaveLength(5);
    // Once per board: another run tells nothing new.
    await runScheduledJob();
    expect((await notifications(author)).notifications).toHaveLength(notes.length);

    expect(plain(await setFavoriteTeam(author.id, TEAM.id))).toMatchObject({ favoriteTeam: TEAM.id });
    expect(await standing('all', author)).toMatchObject({ favoriteTeam: TEAM.id });

    await leave(author);
    expect(await CallerScore.countDocuments({ author: author.id })).toBe(0);
    expect(await CallerStat.countDocuments({ user: author.id })).toBe(0);
  }, 180_000);
});

describe('the moderation queue', () => {
  it('lists verdicts most of whose counted voters follow the author', async () => {
    const author = await signUp('followed');
    const take = await closedReceipt(author, 12);
    const plainTake = await closedReceipt(author, 13);
    for (const fan of voters.slice(11, 21)) {
      await followFan(fan, author);
      await vote(fan, take._id, 'well');
    }
    for (const fan of voters.slice(0, 10)) await vote(fan, plainTake._id, 'well');
    await runScheduledJob();
    expect(await scoreOf(take._id)).toMatchObject({ followerVotes: 10, followed: true });
    expect(await scoreOf(plainTake._id)).toMatchObject({ followerVotes: 0, followed: false });

    await signInAdmin();
    const queue = plain(await moderationQueue());
    const listed = queue.followerSwayedCalls.map((v: { takeId: string }) => v.takeId);
    expect(listed).toContain(take._id);
    expect(listed).not.toContain(plainTake._id);
    expect(queue.followerSwayedCalls.find((v: { takeId: string }) => v.takeId === take._id)).toMatchObject({
      title: take.title,
      author: { _id: author._id, username: author.username },
      verdict: 'well',
      votes: 10,
      followerVotes: 10,
    });
  });
});
