import mongoose from 'mongoose';
import { inFuture } from '@/tests/data/support/clock';
import { type Fan, postTake, react, runScheduledJob, signUp, vote } from '@/tests/data/support/fans';

// A fan signs up from the client address the request vouches for (behind a trusted proxy, the one it appended:
// tests/api/rate-limits.test.ts covers which address that is); here the address is handed to the sign-up directly.

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const db = () => mongoose.connection;

/** A fan signing up from `address`, at the server's time `at`. */
const signUpFrom = (address: string, at = new Date()): Promise<Fan> => signUp('cohort', { address, at });

const cohortOf = async (fan: Fan) =>
  (await db().collection('users').findOne({ _id: fan.id }))?.signupCohort as mongoose.Types.ObjectId | null;

it('gives accounts made from one network within a week one cohort, and keeps nothing of the address past that week', async () => {
  const [first, second] = [await signUpFrom('203.0.113.9'), await signUpFrom('203.0.113.9')];
  const neighbour = await signUpFrom('203.0.113.10');
  // One IPv6 subscriber holds a /64; an address in a private range names no network, behind a proxy that forgot it.
  const [v6a, v6b] = [await signUpFrom('2001:db8:5:6::1'), await signUpFrom('2001:db8:5:6:ffff::2')];
  const privateOne = await signUpFrom('10.0.0.4');
  const nextWeek = await signUpFrom('203.0.113.9', inFuture(8 * DAY));

  const cohort = await cohortOf(first);
  expect(cohort).toBeInstanceOf(mongoose.Types.ObjectId);
  expect(await cohortOf(second)).toEqual(cohort);
  expect(await cohortOf(neighbour)).not.toEqual(cohort);
  expect(await cohortOf(v6a)).toEqual(await cohortOf(v6b));
  expect(await cohortOf(v6a)).not.toBeNull();
  expect(await cohortOf(privateOne)).toBeNull();
  expect(await cohortOf(nextWeek)).not.toEqual(cohort);
  expect(await cohortOf(nextWeek)).not.toBeNull();

  // The network is kept as a digest, only in its week's window; the scheduled job sweeps the windows that ended.
  const windows = await db()
    .collection('ratelimits')
    .find({ key: { $regex: '^signupNetwork:' } })
    .toArray();
  expect(windows.length).toBeGreaterThanOrEqual(3);
  expect(windows.every((w) => /^signupNetwork:[0-9a-f]{32}$/.test(w.key))).toBe(true);
  await runScheduledJob(inFuture(16 * DAY));
  expect(
    await db()
      .collection('ratelimits')
      .countDocuments({ key: { $regex: '^signupNetwork:' } }),
  ).toBe(0);
  expect(await cohortOf(second)).toEqual(cohort);
});

it("counts accounts made together as one voter, and one made on the author's network not at all", async () => {
  const author = await signUpFrom('198.51.100.20');
  const together = await Promise.all(Array.from({ length: 6 }, () => signUpFrom('198.51.100.30')));
  const apart = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpFrom(`198.51.100.${40 + i}`)));
  const friend = await signUpFrom('198.51.100.20');
  const voters = [...together, ...apart, friend];
  const ids = (fans: Fan[]) => fans.map((f) => f.id);

  // Every voter with standing: accounts 300 days old that liked a take 200 days ago.
  const host = await signUpFrom('198.51.100.99');
  const plain = await postTake(host);
  for (const fan of voters) await react(fan, plain._id, 'like');
  await db()
    .collection('useractions')
    .updateMany({ user: { $in: ids(voters) } }, { $set: { createdAt: daysAgo(200), updatedAt: daysAgo(200) } });
  await db()
    .collection('users')
    .updateMany({ _id: { $in: ids([...voters, author]) } }, { $set: { createdAt: daysAgo(300) } });

  const posted = await postTake(author, { checkBack: { preset: '30-days' } });
  const takeId = new mongoose.Types.ObjectId(posted._id);
  await db()
    .collection('takes')
    .updateOne({ _id: takeId }, { $set: { createdAt: daysAgo(40), checkBackAt: daysAgo(10) } });
  for (const fan of voters) await vote(fan, posted._id, 'well');
  await runScheduledJob();
  // Thirteen votes: the six made together count as one, the author's housemate as none: seven, too few for a verdict.
  expect(await db().collection('callerscores').findOne({ _id: takeId })).toMatchObject({ countedWell: 7, verdict: 'close', points: 0 });
});
