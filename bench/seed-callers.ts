/**
 * Callers standings for the benchmark's boards, made as the scheduled job makes them: scored receipts (CallerScore
 * facts), then each fan's standings computed from their facts by the app's own `standingsOf` (as `recomputeStandings`
 * and `npm run repair-counts` do). A set seeded minutes ago has had no check-back date come due, so without this every
 * board would be empty; and since every standing is its facts' sum, any drift the counters check reports is the run's.
 *
 * Each fan's own takes are the receipts scored, with a deterministic spread: 3 to 26 of them aged well or poorly, a hit
 * share from 30% to 85%, one in three with a call too close to score, and a fan in four with every call due on fewer
 * than 3 days, so about two in three qualify and pages are full; the check-back days fall in this season, so the season
 * and all-time boards both fill. Written in bulk rather than by `recomputeStandings` per fan: on the local engine each
 * of its reads scans the collection, minutes per thousand fans at 100,000 takes. A database that already has scores
 * (the demo seed scores its own receipts) is left as it is.
 *
 *   node --conditions=react-server --import tsx bench/seed-callers.ts
 */
import type { Types } from 'mongoose';
import { crowdOdds, seasonOf, verdictPoints, type ScoredVerdict } from '@/lib/callers/callers';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { standingsOf, statId } from '@/lib/data/callers/caller-standings';
import { utcDay } from '@/lib/receipts/receipts';
import { CallerScore, CallerStat, Take, User, type UserRow } from '@/models';

const CHUNK = 5_000;
const DAY = 24 * 3_600_000;
/** Voting on a receipt closes a week after its check-back day; the bench's are all closed. */
const CLOSED_AFTER = 8 * DAY;

type TakeRef = { _id: Types.ObjectId; createdBy: Types.ObjectId; title: string };

async function main() {
  await dbConnect();
  if (await CallerScore.exists({})) {
    console.log(JSON.stringify({ callerScores: 0, callerStats: 0, kept: true }));
    return;
  }
  const now = new Date();
  const users = await User.find({}).select({ favoriteTeam: 1 }).sort({ _id: 1 }).lean<Pick<UserRow, '_id' | 'favoriteTeam'>[]>();
  const byAuthor = new Map<string, TakeRef[]>();
  for (const take of await Take.find({}).select({ createdBy: 1, title: 1 }).sort({ _id: 1 }).lean<TakeRef[]>()) {
    const list = byAuthor.get(String(take.createdBy)) ?? [];
    list.push(take);
    byAuthor.set(String(take.createdBy), list);
  }
  // Check-back days from this season's first day to the last whose voting has closed.
  const lastDue = now.getTime() - CLOSED_AFTER;
  const season = seasonOf(new Date(lastDue));
  const seasonStart = Date.UTC(Number(season.slice(0, 4)), 6, 1);
  const spanDays = Math.max(0, Math.floor((lastDue - seasonStart) / DAY));

  const scores = [];
  const stats = [];
  for (const [i, user] of users.entries()) {
    const takes = byAuthor.get(String(user._id)) ?? [];
    const scored = Math.min(takes.length, 3 + ((i * 7) % 24));
    if (scored === 0) continue;
    const hitShare = 0.3 + ((i * 13) % 56) / 100;
    // A fan in four makes every call due on one or two days, short of the three a board asks for.
    const dueDays = i % 4 === 3 ? Math.min(2, spanDays + 1) : Math.min(scored, 3 + (i % 9), spanDays + 1);
    const daysApart = dueDays > 1 ? Math.floor(spanDays / (dueDays - 1)) : 0;
    const facts = takes.slice(0, scored + (i % 3 === 0 ? 1 : 0)).map((take, j) => {
      const verdict: ScoredVerdict = j >= scored ? 'close' : j < Math.round(scored * hitShare) ? 'well' : 'poorly';
      // The crowd's split 48 hours in: long shots and safe calls alike.
      const crowdLikes = 5 + ((i + j * 11) % 40);
      const crowdDislikes = 5 + ((i * 3 + j * 7) % 40);
      const crowd = crowdOdds(crowdLikes, crowdDislikes);
      const dueAt = new Date(lastDue - (j % dueDays) * daysApart * DAY);
      return {
        _id: take._id,
        author: user._id,
        title: take.title,
        dueAt,
        dueDay: utcDay(dueAt),
        season: seasonOf(dueAt),
        verdict,
        reason: 'votes' as const,
        crowdLikes,
        crowdDislikes,
        crowd,
        points: verdictPoints(verdict, crowd),
        countedWell: verdict === 'well' ? 12 : 2,
        countedPoorly: verdict === 'poorly' ? 12 : 2,
        followerVotes: 0,
        followed: false,
        scoredAt: now,
      };
    });
    scores.push(...facts);
    // What recomputeStandings writes for this fan: a standing per board, from the facts alone.
    for (const [board, standing] of standingsOf(facts)) {
      stats.push({
        _id: statId(board, user._id),
        ...standing,
        user: user._id,
        board,
        favoriteTeam: user.favoriteTeam ?? null,
        updatedAt: now,
      });
    }
  }
  for (let i = 0; i < scores.length; i += CHUNK) await CallerScore.insertMany(scores.slice(i, i + CHUNK), { ordered: false });
  for (let i = 0; i < stats.length; i += CHUNK) await CallerStat.insertMany(stats.slice(i, i + CHUNK), { ordered: false });
  console.log(JSON.stringify({ callerScores: scores.length, callerStats: stats.length }));
}

main()
  .then(() => dbDisconnect())
  .catch(async (error: unknown) => {
    console.error('bench callers seed failed:', error instanceof Error ? error.message : error);
    await dbDisconnect().catch(() => undefined);
    process.exit(1);
  });
