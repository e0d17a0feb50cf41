import { RateLimit, ReceiptVote, Take, User, UserAction } from '@/models';
import { type Fan, oid, postTake, react, signUp } from '@/tests/data/support/fans';

/**
 * The Callers tests' timeline, as tests/support/callers.ts has it for the API suite. The app stamps facts with the
 * real time (Mongoose timestamps), so a test acts through the data layer and then dates what it did through the
 * driver: accounts made months ago, takes posted and due in the past, reactions and votes at the moments a story
 * needs (lib/data/callers/caller-votes.ts reads them by those times).
 */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** When each account was made. */
export const ageAccounts = (fans: Fan[], at: Date) =>
  User.collection.updateMany({ _id: { $in: fans.map((f) => f.id) } }, { $set: { createdAt: at } });

export type Dated = { user: Fan; take: string; at: Date };

/** When fans made their reactions to takes (each fact's first and last change), in one command. */
export async function dateReactions(reactions: Dated[]) {
  if (reactions.length === 0) return;
  await UserAction.collection.bulkWrite(
    reactions.map(({ user, take, at }) => ({
      updateOne: {
        filter: { user: user.id, target: oid(take), slot: 'reaction' },
        update: { $set: { createdAt: at, updatedAt: at } },
      },
    })),
  );
}

/** When fans cast their votes on takes' verdicts, in one command. */
export async function dateVotes(votes: Dated[]) {
  if (votes.length === 0) return;
  await ReceiptVote.collection.bulkWrite(
    votes.map(({ user, take, at }) => ({
      updateOne: { filter: { user: user.id, take: oid(take) }, update: { $set: { createdAt: at, updatedAt: at } } },
    })),
  );
}

/** A take with a check-back date; the author's three-a-day allowance is reset first, as these tests post several. */
export async function postCall(by: Fan, overrides: Record<string, unknown> = {}) {
  await RateLimit.collection.deleteMany({ key: new RegExp(`^checkBack:user:${by._id}:`) });
  return postTake(by, { checkBack: { preset: '30-days' }, ...overrides });
}

/**
 * Moves a take into the past, posted and (for a call) due at these times; the reactions it has drawn so far move
 * with it, so they keep their place in its first hours.
 */
export async function backdateTake(takeId: string, { posted, due }: { posted: Date; due?: Date }) {
  const take = await Take.collection.findOne({ _id: oid(takeId) });
  const shift = posted.getTime() - take!.createdAt.getTime();
  await Take.collection.updateOne({ _id: oid(takeId) }, { $set: { createdAt: posted, ...(due ? { checkBackAt: due } : {}) } });
  const facts = await UserAction.collection.find({ target: oid(takeId) }).toArray();
  if (facts.length === 0) return;
  await UserAction.collection.bulkWrite(
    facts.map((fact) => ({
      updateOne: {
        filter: { _id: fact._id },
        update: { $set: { createdAt: new Date(fact.createdAt.getTime() + shift), updatedAt: new Date(fact.updatedAt.getTime() + shift) } },
      },
    })),
  );
}

const BACKGROUND = 8;

/**
 * Fans every rule counts: accounts made 300 days ago, each with a life of their own on the site, a like on each of
 * eight takes from 150 days ago on, hours apart from every other fan's. Fans who vote on a few calls together are then
 * not in step (lib/callers/caller-links.ts): what they share is a small part of what they do.
 */
export async function independentFans(n: number, prefix = 'fan'): Promise<Fan[]> {
  const fans = await Promise.all(Array.from({ length: n }, () => signUp(prefix)));
  const host = await signUp('town');
  const takes = [];
  for (let j = 0; j < BACKGROUND; j += 1) takes.push(await postTake(host, { title: `Around the league ${j}` }));
  for (const take of takes) await backdateTake(take._id, { posted: daysAgo(160) });
  const start = daysAgo(150).getTime();
  const history: Dated[] = [];
  for (const [j, take] of takes.entries()) {
    await Promise.all(fans.map((fan) => react(fan, take._id, 'like')));
    history.push(...fans.map((user, i) => ({ user, take: take._id, at: new Date(start + ((j * n + i) * 3 + 1) * HOUR) })));
  }
  await dateReactions(history);
  await ageAccounts([...fans, host], daysAgo(300));
  return fans;
}
