import 'server-only';
import mongoose, { Types } from 'mongoose';
import { seasonLabel, seasonOf, type Board } from '@/lib/callers/callers';
import { CALLERS_PAGE_SIZE } from '@/lib/callers/constants';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import { cachedList, LIST_TAGS, LIST_TTL, unstored } from '@/lib/data/shared/list-cache';
import { badRequest } from '@/lib/errors';
import {
  encodeCallersCursor,
  type CallerEntry,
  type CallersBoard,
  type CallersCursor,
  type CallersQuery,
  type CallerStanding,
  type ScoredCall,
} from '@/lib/validation/callers';
import { CallerScore, type CallerScoreRow, CallerStat, type CallerStatRow, Take, User } from '@/models';

/**
 * The callers boards and a fan's standing on them, read from the CallerStat
 * standings the scheduled job recomputes (lib/callers/callers.ts says how). A board is
 * its qualified standings, best rating first, ties by _id; a page of it comes
 * from the data cache (expired by LIST_TAGS.callers whenever a standing
 * changes), and a rank is a position: the cursor carries the last rank shown,
 * and a fan's own rank counts the standings ahead of theirs on the same index.
 */

/** A fan reading a board: who, and the team whose board they are on. */
export type BoardViewer = { _id: string; favoriteTeam: number | null };

/** Which board a query names: all time, the season asked for, or the season of the request's day. */
export function boardOf(query: Pick<CallersQuery, 'board' | 'season'>, at: Date): Board {
  if (query.board === 'all') return 'all';
  return (query.season as Board | undefined) ?? seasonOf(at);
}

/** A team filter must name a team: the directory is read once per process, so this costs no query. */
export async function assertKnownTeam(team: number | undefined): Promise<void> {
  if (team === undefined) return;
  if (!(await directory()).teamNicknames.has(team)) throw badRequest(`Unknown team: ${team}.`);
}

const standingId = (board: Board, userId: string) => `${board}:${userId}`;

/** The standings of one board (among one team's fans), by the index each is served by in models/caller-stat.ts. */
const onBoard = (board: Board, team: number | null) => ({ board, ...(team === null ? {} : { favoriteTeam: team }), qualified: true });

type BoardRow = Pick<
  CallerStatRow,
  '_id' | 'user' | 'favoriteTeam' | 'rating' | 'well' | 'poorly' | 'close' | 'scored' | 'hitRateLow' | 'provisional'
> & { author?: { username?: string; profilePictureUrl?: string | null; deletingAt?: Date | null } };

/**
 * One page of a board and its fans' public fields, in one command: the page
 * on its index, then each fan by _id ($lookup). A page is the same for every
 * reader, so it is cached whole; only the ranks depend on the cursor. A season
 * and a cursor are the client's to write, and each value would be an entry
 * (docs/architecture.md#data-access), so a page is kept only for a board there
 * is (all time, this season, or one with standings on this page) and after a
 * cursor naming a standing as it stands; any other is read and not kept.
 */
async function readPage(board: Board, team: number | null, after: CallersCursor | undefined): Promise<BoardRow[]> {
  const past = after
    ? { $or: [{ rating: { $lt: after.rating } }, { rating: after.rating, _id: { $gt: standingId(board, after.user) } }] }
    : {};
  const read = async () => {
    await dbConnect();
    return CallerStat.aggregate<BoardRow>([
      { $match: { ...onBoard(board, team), ...past } },
      { $sort: { rating: -1, _id: 1 } },
      { $limit: CALLERS_PAGE_SIZE },
      { $lookup: { from: User.collection.collectionName, localField: 'user', foreignField: '_id', as: 'author' } },
      // One fan per standing; a standing whose account is gone stays a row, so the page's length still tells whether it is the last.
      { $unwind: { path: '$author', preserveNullAndEmptyArrays: true } },
      {
        $project: {
          user: 1,
          favoriteTeam: 1,
          rating: 1,
          well: 1,
          poorly: 1,
          close: 1,
          scored: 1,
          hitRateLow: 1,
          provisional: 1,
          'author.username': 1,
          'author.profilePictureUrl': 1,
          'author.deletingAt': 1,
        },
      },
    ]);
  };
  return cachedList('callers', [board, team, after?.rating ?? null, after?.user ?? null], [LIST_TAGS.callers], LIST_TTL.lists, async () => {
    const rows = await read();
    const real = after
      ? (await CallerStat.exists({ _id: standingId(board, after.user), rating: after.rating })) !== null
      : rows.length > 0 || board === 'all' || board === seasonOf(new Date());
    return real ? rows : unstored(rows);
  });
}

/** Whether a board is one there is: all time, the season of `at`, or a season some fan has a standing on. */
export async function boardExists(board: Board, at: Date): Promise<boolean> {
  if (board === 'all' || board === seasonOf(at)) return true;
  await dbConnect();
  return (await CallerStat.exists({ board, qualified: true })) !== null;
}

/**
 * A page of a board with ranks. A fan whose account is gone or being deleted is
 * left out until their standings are removed; the ranks and the next cursor are
 * the page's as read, so leaving one out never shifts another's rank.
 */
export async function boardPage(
  board: Board,
  team: number | null,
  cursor?: CallersCursor,
): Promise<{ entries: CallerEntry[]; nextCursor: string | null }> {
  const rows = await readPage(board, team, cursor);
  const offset = cursor?.rank ?? 0;
  const entries = rows.flatMap((row, i): CallerEntry[] => {
    const { author } = row;
    if (!author?.username || author.deletingAt) return [];
    return [
      {
        rank: offset + i + 1,
        user: {
          _id: String(row.user),
          username: author.username,
          profilePictureUrl: author.profilePictureUrl ?? null,
          favoriteTeam: row.favoriteTeam ?? null,
        },
        rating: row.rating,
        record: { well: row.well, poorly: row.poorly, close: row.close },
        scored: row.scored,
        hitRateLow: row.hitRateLow,
        provisional: row.provisional,
      },
    ];
  });
  const last = rows.length === CALLERS_PAGE_SIZE ? rows[rows.length - 1] : undefined;
  const nextCursor = last ? encodeCallersCursor({ rating: last.rating, user: String(last.user), rank: offset + rows.length }) : null;
  return { entries, nextCursor };
}

type StandingRow = Pick<
  CallerStatRow,
  '_id' | 'board' | 'favoriteTeam' | 'rating' | 'well' | 'poorly' | 'close' | 'scored' | 'days' | 'hitRateLow' | 'qualified' | 'provisional'
>;
const STANDING_FIELDS = {
  board: 1,
  favoriteTeam: 1,
  rating: 1,
  well: 1,
  poorly: 1,
  close: 1,
  scored: 1,
  days: 1,
  hitRateLow: 1,
  qualified: 1,
  provisional: 1,
} as const;

/** Standings ahead of `row` on its board (among `team`'s fans), plus one: ties are ordered by _id, as the board lists them. */
async function rankOf(row: StandingRow, team: number | null): Promise<number> {
  const ahead = await CallerStat.countDocuments({
    ...onBoard(row.board as Board, team),
    $or: [{ rating: mongoose.trusted({ $gt: row.rating }) }, { rating: row.rating, _id: mongoose.trusted({ $lt: row._id }) }],
  });
  return ahead + 1;
}

const NO_STANDING: CallerStanding = {
  rank: null,
  rating: 0,
  record: { well: 0, poorly: 0, close: 0 },
  scored: 0,
  days: 0,
  hitRateLow: 0,
  qualified: false,
  provisional: true,
};

function toStanding(row: StandingRow, rank: number | null): CallerStanding {
  return {
    rank,
    rating: row.rating,
    record: { well: row.well, poorly: row.poorly, close: row.close },
    scored: row.scored,
    days: row.days,
    hitRateLow: row.hitRateLow,
    qualified: row.qualified,
    provisional: row.provisional,
  };
}

/**
 * The reader's standing on a board: one read by _id, and for a qualified fan
 * one count for their rank. On a team's board, a fan of another team has none.
 */
export async function viewerStanding(board: Board, team: number | null, viewer: BoardViewer): Promise<CallerStanding | null> {
  await dbConnect();
  const row = await CallerStat.findById(standingId(board, viewer._id)).select(STANDING_FIELDS).lean<StandingRow>();
  if (team !== null && (row?.favoriteTeam ?? viewer.favoriteTeam) !== team) return null;
  if (!row) return NO_STANDING;
  return toStanding(row, row.qualified ? await rankOf(row, team) : null);
}

/** GET /api/callers and /callers: a page of the board, and the reader's own standing on it. */
export async function callersBoard(query: CallersQuery, viewer: BoardViewer | null, at: Date): Promise<CallersBoard> {
  await assertKnownTeam(query.team);
  const board = boardOf(query, at);
  const team = query.team ?? null;
  const [page, own] = await Promise.all([boardPage(board, team, query.cursor), viewer ? viewerStanding(board, team, viewer) : null]);
  return { board, title: seasonLabel(board), team, ...page, viewer: own };
}

export type ProfileStanding = CallerStanding & { board: Board; title: string };

/** A fan's standing this season and all time, with their ranks among everyone: one read, and a count per ranked board. */
export async function profileStandings(userId: string, at: Date): Promise<ProfileStanding[]> {
  await dbConnect();
  const boards: Board[] = [seasonOf(at), 'all'];
  const rows = await CallerStat.find({ _id: mongoose.trusted({ $in: boards.map((b) => standingId(b, userId)) }) })
    .select(STANDING_FIELDS)
    .lean<StandingRow[]>();
  return Promise.all(
    boards.map(async (board) => {
      const row = rows.find((r) => r.board === board);
      const standing = row ? toStanding(row, row.qualified ? await rankOf(row, null) : null) : NO_STANDING;
      return { ...standing, board, title: seasonLabel(board) };
    }),
  );
}

/**
 * A fan's scored receipts, most recently due first, `limit` from `skip`. Each
 * links to its take while the take is there (one read by the page's ids); one
 * its author deleted shows by the title kept with its score, and any other that
 * is gone (removed by moderators, or hidden and so not there for readers) by
 * none.
 */
export async function listScoredCalls(userId: string, { skip, limit }: { skip: number; limit: number }): Promise<ScoredCall[]> {
  await dbConnect();
  const rows = await CallerScore.find({ author: new Types.ObjectId(userId) })
    .sort({ dueAt: -1, _id: -1 })
    .skip(skip)
    .limit(limit)
    .select({ take: 1, title: 1, dueAt: 1, verdict: 1, reason: 1, crowd: 1, points: 1 })
    .lean<Pick<CallerScoreRow, '_id' | 'take' | 'title' | 'dueAt' | 'verdict' | 'reason' | 'crowd' | 'points'>[]>();
  // A receipt's score has its take's id; a structured call's names its take.
  const takeOf = (r: (typeof rows)[number]) => String(r.take ?? r._id);
  const linkable = rows.filter((r) => r.reason === 'votes' || r.reason === 'settled').map(takeOf);
  const present =
    linkable.length === 0
      ? new Set<string>()
      : new Set(
          (
            await Take.find({ _id: mongoose.trusted({ $in: linkable }) })
              .select({ _id: 1 })
              .lean<{ _id: Types.ObjectId }[]>()
          ).map((t) => String(t._id)),
        );
  return rows.map((r) => ({
    _id: String(r._id),
    takeId: present.has(takeOf(r)) ? takeOf(r) : null,
    title: present.has(takeOf(r)) || r.reason === 'deleted' ? (r.title ?? null) : null,
    call: r.take != null,
    dueAt: r.dueAt.toISOString(),
    verdict: r.verdict,
    reason: r.reason,
    crowd: r.crowd,
    points: r.points,
  }));
}
