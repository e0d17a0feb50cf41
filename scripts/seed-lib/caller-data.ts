import { Types } from 'mongoose';
import { seasonOf } from '@/lib/callers/callers';
import { topicScore } from '@/lib/discovery/ranking';
import { dayStart, utcDay } from '@/lib/receipts/receipts';
import type { ReferenceData } from '@/scripts/seed-lib/demo-data';
import { teamTakeDoc } from '@/scripts/seed-lib/team-take';

/**
 * The Callers demo (scripts/seed.ts): fans whose receipts came due this season
 * and were voted on, so that once they are scored (the seed scores them) the
 * season board has ten settled callers (15+ scored), a provisional one (7 scored), and a fan
 * whose two lucky long shots put them on no board. Voters are accounts
 * months old that took part long before (a like on a voter's opening take)
 * and reacted to the callers' takes in their first hours (the crowd each
 * verdict is scored against), never within an hour of each other, and no
 * voter casts more than two votes on one caller's takes within 30 days, so
 * every reaction and vote counts under the rules (lib/data/callers/caller-votes.ts);
 * the twelve voters of the first caller's
 * first receipt follow them, so the moderation queue lists that caller's
 * receipts those fans decided (a third of them). Deterministic, like the rest of the demo.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VOTERS = 36;
const VOTES_PER_RECEIPT = 12;

const CALLERS: { username: string; receipts: number; skill: number }[] = [
  { username: 'clutchcaller', receipts: 20, skill: 0.8 },
  { username: 'boxscorebrain', receipts: 19, skill: 0.75 },
  { username: 'tradewinds', receipts: 20, skill: 0.7 },
  { username: 'draftdayseer', receipts: 18, skill: 0.68 },
  { username: 'splashreader', receipts: 19, skill: 0.62 },
  { username: 'rimreader', receipts: 20, skill: 0.58 },
  { username: 'benchmobcalls', receipts: 18, skill: 0.52 },
  { username: 'dimesdropper', receipts: 19, skill: 0.45 },
  { username: 'hotcoldhoops', receipts: 20, skill: 0.38 },
  { username: 'bricklayer', receipts: 18, skill: 0.3 },
  // Provisional: qualified with fewer than 15 scored.
  { username: 'rookiecaller', receipts: 8, skill: 0.75 },
  // Two long shots that landed: a high rating on no board.
  { username: 'longshotlarry', receipts: 2, skill: 1 },
];
/** Of every ten receipts, these come out too close to call (a split crowd of voters). */
const CLOSE_SLOTS = new Set([4, 9]);

const TEMPLATES: [string, string][] = [
  ['The {x} finish top four in their conference', 'Calling it now: home court in the first round.'],
  ['The {x} miss the play-in', 'The roster does not add up. Check back and see.'],
  ['The {x} win 10 of their next 15', 'The schedule softens and the rotation is finally healthy.'],
  ['The {x} make a trade before the deadline', 'Too many guards, not enough size. Something gives.'],
  ['The {x} have a top-5 defense by the break', 'The effort is there and the scheme fits.'],
  ['The {x} start slow and recover', 'Bookmark this one.'],
];

const callerId = (kind: number, n: number) =>
  new Types.ObjectId(`ca${kind.toString(16).padStart(2, '0')}${n.toString(16).padStart(20, '0')}`);

/** A pseudo-random fraction per (caller, receipt, salt): stable from run to run, spread evenly enough for a demo. */
const fraction = (a: number, b: number, salt: number) => {
  const x = Math.sin(a * 12.9898 + b * 78.233 + salt * 37.719) * 43758.5453;
  return x - Math.floor(x);
};

type CallerTake = ReturnType<typeof buildCallerDemo>['takes'][number];

export function buildCallerDemo(ref: ReferenceData, now: Date) {
  const created = new Date(now.getTime() - 400 * DAY);
  const user = (username: string, n: number, favoriteTeam: number | null, postsCount: number) => ({
    _id: callerId(1, n),
    firebaseUID: `demo-${username}`,
    email: `${username}@takes.test`,
    username,
    profilePictureUrl: null,
    bio: '',
    followersCount: 0,
    followingCount: 0,
    postsCount,
    favoriteTeam,
    createdAt: created,
    updatedAt: created,
  });
  const teams = ref.teams;
  // Fans of a few teams, so the board filtered by team has more than one caller.
  const callers = CALLERS.map((c, i) => user(c.username, i, teams[i % 4]?.id ?? null, c.receipts));
  const voters = Array.from({ length: VOTERS }, (_, i) => user(`courtside${String(i + 1).padStart(2, '0')}`, 100 + i, null, 0));

  // Check-back days this season, from 8 days ago (voting closed) back to at most 110 days ago.
  const lastDue = dayStart(utcDay(new Date(now.getTime() - 8 * DAY)))!.getTime();
  const season = seasonOf(new Date(lastDue));
  const seasonStart = Date.UTC(Number(season.slice(0, 4)), 6, 1);
  const firstDue = Math.max(seasonStart, lastDue - 110 * DAY);
  const span = Math.max(0, Math.floor((lastDue - firstDue) / DAY));

  const takes = [];
  const actions = [];
  const receiptVotes = [];
  let takeN = 0;
  let actionN = 0;
  let voteN = 0;
  for (const [c, caller] of CALLERS.entries()) {
    const author = callers[c]!;
    for (let j = 0; j < caller.receipts; j += 1) {
      const daysBack = caller.receipts === 1 ? 0 : Math.round((span * (caller.receipts - 1 - j)) / Math.max(1, caller.receipts - 1));
      const due = new Date(lastDue - daysBack * DAY);
      const posted = new Date(due.getTime() - (20 + Math.floor(fraction(c, j, 1) * 20)) * DAY);
      const team = teams[(c * 7 + j * 3) % teams.length]!;
      const [title, description] = TEMPLATES[(c + j) % TEMPLATES.length]!;
      const fill = (s: string) => s.replaceAll('{x}', team.nickname);
      const lucky = caller.receipts === 2;
      const close = !lucky && CLOSE_SLOTS.has(j % 10);
      const well = !close && fraction(c, j, 2) < caller.skill;
      const takeId = callerId(2, takeN++);

      // The crowd: voters reacting in the first hours. A long shot is one the crowd disliked.
      const reactions = 6 + Math.floor(fraction(c, j, 3) * 6);
      const likeShare = lucky ? 0 : 0.15 + fraction(c, j, 4) * 0.7;
      let likes = 0;
      let dislikes = 0;
      for (let k = 0; k < reactions; k += 1) {
        const voter = voters[(takeN * 5 + k) % VOTERS]!;
        const liked = k < Math.round(likeShare * reactions);
        if (liked) likes += 1;
        else dislikes += 1;
        const at = new Date(posted.getTime() + (k + 1) * HOUR);
        actions.push({
          _id: callerId(4, actionN++),
          user: voter._id,
          targetType: 'take',
          target: takeId,
          slot: 'reaction',
          actionType: liked ? 'like' : 'dislike',
          team: null,
          createdAt: at,
          updatedAt: at,
        });
      }

      // The verdict: twelve voters, a block of them in turn, so each votes on every third of this caller's receipts.
      let agedWell = 0;
      let agedPoorly = 0;
      for (let k = 0; k < VOTES_PER_RECEIPT; k += 1) {
        const voter = voters[((j % 3) * VOTES_PER_RECEIPT + k + c) % VOTERS]!;
        const side = close ? (k % 2 === 0 ? 'well' : 'poorly') : k === 0 ? (well ? 'poorly' : 'well') : well ? 'well' : 'poorly';
        if (side === 'well') agedWell += 1;
        else agedPoorly += 1;
        const at = new Date(due.getTime() + (2 + k * 3) * HOUR);
        receiptVotes.push({
          _id: callerId(7, voteN++),
          take: takeId,
          author: author._id,
          user: voter._id,
          vote: side,
          createdAt: at,
          updatedAt: at,
        });
      }

      takes.push(
        teamTakeDoc({
          id: takeId,
          title: fill(title),
          description,
          team,
          author,
          counts: { likes, dislikes, commentsCount: 0, shares: 0, favorites: 0 },
          posted,
          receipt: { due, agedWell, agedPoorly },
        }),
      );
    }
  }
  // Every voter took part before any of these was posted: the first voter's opening take, which the others like, hours apart.
  const [host, ...guests] = voters;
  host!.postsCount = 1;
  const opened = new Date(created.getTime() + DAY);
  const team = teams[0]!;
  const [title, description] = ['Opening night is the best night of the year', 'Every team is still a contender.'];
  const opening = teamTakeDoc({
    id: callerId(3, 0),
    title,
    description,
    team,
    author: host!,
    counts: { likes: guests.length, dislikes: 0, commentsCount: 0, shares: 0, favorites: 0 },
    posted: opened,
  });
  for (const [i, voter] of guests.entries()) {
    const at = new Date(opened.getTime() + (i + 1) * 2 * HOUR);
    actions.push({
      _id: callerId(4, actionN++),
      user: voter._id,
      targetType: 'take',
      target: opening._id,
      slot: 'reaction',
      actionType: 'like',
      team: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  takes.push(opening);
  // The first caller's first receipt's voters follow them (and vote on every third of their receipts): the moderation
  // queue lists those verdicts for a look.
  const followed = new Set(receiptVotes.filter((v) => v.take.equals(callerId(2, 0))).map((v) => String(v.user)));
  const follows = voters
    .filter((v) => followed.has(String(v._id)))
    .map((voter, n) => {
      voter.followingCount += 1;
      callers[0]!.followersCount += 1;
      return { _id: callerId(5, n), follower: voter._id, followee: callers[0]!._id, createdAt: created, updatedAt: created };
    });
  return { users: [...callers, ...voters], takes, actions, receiptVotes, follows };
}

type EntityStatRow = {
  _id: string;
  entityType: string;
  entityId: number | string;
  takes: number;
  likes: number;
  comments: number;
  shares: number;
  score?: number;
};

/** The demo's entity stats with these takes counted in (each stat sums its takes' counters, and its score follows them). */
export function withCallerTakes<T extends EntityStatRow>(stats: T[], takes: CallerTake[]): EntityStatRow[] {
  const byId = new Map<string, EntityStatRow>(stats.map((s) => [s._id, { ...s }]));
  for (const take of takes) {
    const stat = byId.get(take.entityKey) ?? {
      _id: take.entityKey,
      entityType: 'team',
      entityId: take.team,
      takes: 0,
      likes: 0,
      comments: 0,
      shares: 0,
    };
    stat.takes += 1;
    stat.likes += take.likes;
    stat.score = topicScore(stat);
    byId.set(take.entityKey, stat);
  }
  return [...byId.values()];
}
