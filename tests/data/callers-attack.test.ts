import mongoose from 'mongoose';
import { callerRating, crowdOdds, scoredVerdict, verdictPoints } from '@/lib/callers/callers';
import { rescoreCalls } from '@/lib/data/callers/caller-rescore';
import { dayStart, utcDay } from '@/lib/receipts/receipts';
import { CallerScore, CallerStat, Take } from '@/models';
import { inFuture } from '@/tests/data/support/clock';
import {
  ageAccounts,
  backdateTake,
  dateReactions,
  dateVotes,
  DAY,
  type Dated,
  daysAgo,
  HOUR,
  independentFans,
  postCall,
} from '@/tests/data/support/callers';
import { type Fan as TestUser, oid, postTake, react, runScheduledJob, signUp, vote } from '@/tests/data/support/fans';

/**
 * The attack on the Callers board (issue #38, item 10), played through the data layer
 * against the real database: one author, ten accounts of hers, and honest fans
 * around them, over two months of calls.
 *
 * Mallory posts five calls nobody else cares about. In each one's first hours
 * she dislikes it herself and eight of her accounts dislike it too, so its
 * crowd says it is hopeless: odds of 0.1, a call worth 9 points. When each comes
 * due, all ten accounts (months old by then, one reaction elsewhere each,
 * following nobody) vote it "aged well". Read the way the board was, that is
 * five long shots that came true: a rating of 3.0. The same accounts also vote
 * down an honest fan's calls.
 *
 * Three honest callers make five calls each, which honest fans react to and
 * judge as they turned out: a contrarian who is mostly right, a fan who agrees
 * with everyone, and one who calls coin flips and mostly misses.
 *
 * Calls are due eleven days apart, so that no account casts more than three votes
 * on one author's calls in 30 days (a rule of its own), and the scheduled job
 * scores them in two runs, 20 days ago and now, as each week of voting ends.
 */

type Design = { likes: number; dislikes: number; aged: 'well' | 'poorly' };
const call = (likes: number, dislikes: number, aged: Design['aged']): Design => ({ likes, dislikes, aged });
const HONEST: Record<'contrarian' | 'consensus' | 'coinflip', Design[]> = {
  contrarian: [call(2, 6, 'well'), call(2, 6, 'well'), call(1, 7, 'well'), call(3, 5, 'poorly'), call(2, 6, 'well')],
  consensus: [call(6, 2, 'well'), call(7, 1, 'well'), call(6, 2, 'poorly'), call(5, 3, 'well'), call(6, 2, 'poorly')],
  coinflip: [call(4, 4, 'poorly'), call(4, 4, 'poorly'), call(4, 4, 'well'), call(4, 4, 'poorly'), call(4, 4, 'poorly')],
};
/** Each author's check-back days: 12, 23, 34, 45 and 56 days ago; each call posted 20 days before its day. */
const dueDays = [12, 23, 34, 45, 56].map((d) => dayStart(utcDay(daysAgo(d)))!);
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A rating as the board read calls before: every reaction of the first two days is the crowd, every vote counts. */
async function asReadBefore(takeIds: string[]): Promise<number> {
  const takes = await Take.find({ _id: mongoose.trusted({ $in: takeIds.map(oid) }) }).lean();
  let points = 0;
  let scored = 0;
  for (const take of takes) {
    const verdict = scoredVerdict(take.agedWell, take.agedPoorly);
    points += verdictPoints(verdict, crowdOdds(take.likes, take.dislikes));
    if (verdict !== 'close') scored += 1;
  }
  return callerRating(points, scored);
}

/** A rating from the design: what honest fans made of an honest caller's calls. */
function designedRating(calls: Design[]): number {
  return callerRating(
    calls.reduce((sum, c) => sum + verdictPoints(c.aged, crowdOdds(c.likes, c.dislikes)), 0),
    calls.length,
  );
}

const rating = async (user: TestUser) => (await CallerStat.findById(`all:${user._id}`).lean())?.rating ?? 0;

let honestFans: TestUser[];
let mallory: TestUser;
let socks: TestUser[];
const callers = {} as Record<keyof typeof HONEST, TestUser>;
const calls = { contrarian: [] as string[], consensus: [] as string[], coinflip: [] as string[], mallory: [] as string[] };

beforeAll(async () => {
  honestFans = await independentFans(18, 'honest');
  for (const name of Object.keys(HONEST) as (keyof typeof HONEST)[]) callers[name] = await signUp(name.slice(0, 8));
  mallory = await signUp('mallory');
  socks = await Promise.all(Array.from({ length: 10 }, () => signUp('sock')));
  await ageAccounts([mallory, ...Object.values(callers)], daysAgo(300));

  // The accounts, made 78 days ago, just before her first call, each with one reaction elsewhere the next day.
  const elsewhere = await postTake(honestFans[0]!, { title: 'Somewhere else' });
  await backdateTake(elsewhere._id, { posted: daysAgo(90) });
  await Promise.all(socks.map((sock) => react(sock, elsewhere._id, 'like')));
  await dateReactions(socks.map((user, i) => ({ user, take: elsewhere._id, at: at(daysAgo(77), i * 2 * HOUR) })));
  await ageAccounts(socks, daysAgo(78));
  const reactions: Dated[] = [];
  const votes: Dated[] = [];

  // The honest callers' calls: eight honest fans in each crowd, three hours apart; ten honest fans judging each,
  // five hours apart, no fan more than three times a caller.
  for (const [a, name] of (Object.keys(HONEST) as (keyof typeof HONEST)[]).entries()) {
    for (const [k, design] of HONEST[name].entries()) {
      const take = await postCall(callers[name], { title: `${name} call ${k}` });
      const posted = at(dueDays[k]!, -20 * DAY + a * HOUR);
      await backdateTake(take._id, { posted, due: dueDays[k]! });
      const crowd = Array.from(
        { length: design.likes + design.dislikes },
        (_, j) => honestFans[((a * 5 + k) * 8 + j) % honestFans.length]!,
      );
      await Promise.all(crowd.map((fan, j) => react(fan, take._id, j < design.likes ? 'like' : 'dislike')));
      reactions.push(...crowd.map((user, j) => ({ user, take: take._id, at: at(posted, (1 + 3 * j) * HOUR) })));
      const judges = Array.from({ length: 10 }, (_, j) => honestFans[(k * 10 + j + a * 5) % honestFans.length]!);
      await Promise.all(judges.map((fan) => vote(fan, take._id, design.aged)));
      votes.push(...judges.map((user, j) => ({ user, take: take._id, at: at(dueDays[k]!, (2 + 5 * j) * HOUR) })));
      calls[name].push(take._id);
    }
  }

  // Mallory's calls: her own dislike, eight accounts' dislikes in its first hour, then all ten vote it aged well.
  for (const [k, due] of dueDays.entries()) {
    const take = await postCall(mallory, { title: `A long shot, ${k}` });
    const posted = at(due, -20 * DAY + 3 * HOUR);
    await backdateTake(take._id, { posted, due });
    await react(mallory, take._id, 'dislike');
    reactions.push({ user: mallory, take: take._id, at: at(posted, 10 * 60_000) });
    await Promise.all(socks.slice(0, 8).map((sock) => react(sock, take._id, 'dislike')));
    reactions.push(...socks.slice(0, 8).map((user, i) => ({ user, take: take._id, at: at(posted, 30 * 60_000 + i * 2 * 60_000) })));
    await Promise.all(socks.map((sock) => vote(sock, take._id, 'well')));
    votes.push(...socks.map((user, i) => ({ user, take: take._id, at: at(due, 30 * 60_000 + i * 3 * 60_000) })));
    calls.mallory.push(take._id);
  }
  // And the same accounts vote the contrarian's calls down as each comes due.
  for (const [k, takeId] of calls.contrarian.entries()) {
    await Promise.all(socks.map((sock) => vote(sock, takeId, 'poorly')));
    votes.push(...socks.map((user, i) => ({ user, take: takeId, at: at(dueDays[k]!, 20 * 60_000 + i * 2 * 60_000) })));
  }
  await dateReactions(reactions);
  await dateVotes(votes);

  await runScheduledJob(inFuture(-20 * DAY));
  await runScheduledJob();
}, 600_000);

it('is the attack of the issue: read the way the board was, her five calls rate 3.0', async () => {
  expect(await asReadBefore(calls.mallory)).toBeCloseTo(3.0, 10);
  // The contrarian's calls, read that way with the accounts' votes against them: the four that came true are too close
  // to call, and only the miss is left.
  expect(await asReadBefore(calls.contrarian)).toBeCloseTo(-1 / 11, 10);
});

it("keeps the attacker's rating within the honest callers' range, and every honest caller's rating as honest fans made it", async () => {
  const honest = await Promise.all((Object.keys(HONEST) as (keyof typeof HONEST)[]).map((name) => rating(callers[name])));
  for (const [i, name] of (Object.keys(HONEST) as (keyof typeof HONEST)[]).entries()) {
    expect(honest[i]).toBeCloseTo(designedRating(HONEST[name]), 10);
  }
  const theirs = await rating(mallory);
  expect(theirs).toBeGreaterThanOrEqual(Math.min(...honest));
  expect(theirs).toBeLessThanOrEqual(Math.max(...honest));

  // Her own dislike and her accounts' count for nothing in her crowds (they act in step with her), and her accounts'
  // ten votes count as one: too few for a verdict.
  for (const takeId of calls.mallory) {
    expect(await CallerScore.findById(takeId).lean()).toMatchObject({ crowdLikes: 0, crowdDislikes: 0, verdict: 'close', points: 0 });
  }
  // On the contrarian's calls the ten accounts' votes against count as one, beside the ten honest fans'.
  for (const takeId of calls.contrarian) {
    const score = (await CallerScore.findById(takeId).lean())!;
    expect(score.countedWell + score.countedPoorly).toBe(11);
  }
});

it('rescores calls scored under the old rules once, as the migration does, and leaves honest ratings as they are', async () => {
  const before = await Promise.all([mallory, ...Object.values(callers)].map(rating));
  // What the board stored before the rules changed: her five calls as bought long shots, a standing of 3.0.
  await CallerScore.updateMany(
    { _id: mongoose.trusted({ $in: calls.mallory.map(oid) }) },
    { $set: { verdict: 'well', crowdLikes: 0, crowdDislikes: 9, crowd: 0.1, points: 9, countedWell: 10, countedPoorly: 0 } },
  );
  await CallerStat.updateMany({ user: oid(mallory._id) }, { $set: { rating: 3, points: 45, scored: 5, well: 5, qualified: true } });

  await rescoreCalls(new Date());
  expect(await Promise.all([mallory, ...Object.values(callers)].map(rating))).toEqual(before);
  expect(await CallerStat.findById(`all:${mallory._id}`).lean()).toMatchObject({ scored: 0, close: 5, qualified: false });
}, 120_000);
