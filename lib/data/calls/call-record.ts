import 'server-only';
import mongoose, { Types } from 'mongoose';
import { calibrationBin, type CallResult, callRecord, type CallRecordStats, describeCall, isSeasonKind } from '@/lib/calls/calls';
import { RECORD_PAGE_SIZE } from '@/lib/calls/constants';
import { dbConnect } from '@/lib/db';
import { gameIdText } from '@/lib/league/league';
import { directory, type Directory } from '@/lib/data/shared/directory';
import type { CallRecordAnswer, RecordedCallDTO } from '@/lib/validation/calls';
import type { Cursor } from '@/lib/validation/cursor';
import { encodeCursor } from '@/lib/validation/cursor';
import { Call, type CallRow, Take, type TakeRow } from '@/models';
import { storedTerms, TERMS_FIELDS, type TermsRow } from './stored-terms';

/**
 * A fan's record of calls (docs/product.md#calls, the profile's Record tab and GET /api/calls/record/{userID}): hits,
 * misses and voids, the hit rate, Brier scores beside the crowd's, the calibration chart's bins, and the calls
 * themselves, newest first; filtered by a team or a player, and by a bin of the chart. Read, not kept: one read of
 * the fan's calls by the author index (a few hundred bytes each; the daily allowance bounds how many a fan has), so
 * a settlement shows in it on every instance at once and nothing can drift from the calls.
 *
 * A reader's spoiler shield (the games it covers now, `shielded`) keeps the results of those games' calls back: they
 * are listed as "settled — hidden until you watch" and left out of the numbers, which say how many were held back.
 */

type RecordRow = TermsRow &
  Pick<CallRow, '_id' | 'take' | 'teams' | 'lockAt' | 'title' | 'result' | 'reason' | 'settledAt' | 'finalAt' | 'crowd'>;

const RECORD_FIELDS = {
  ...TERMS_FIELDS,
  take: 1,
  teams: 1,
  lockAt: 1,
  title: 1,
  result: 1,
  reason: 1,
  settledAt: 1,
  finalAt: 1,
  crowd: 1,
} as const;

export type RecordFilter = {
  team?: number | undefined;
  player?: number | undefined;
  bin?: number | undefined;
  cursor?: Cursor | undefined;
};
export type RecordView = { shielded: readonly number[]; now: Date; limit?: number };

const nickname = (dir: Directory, team: number) => dir.teamNicknames.get(team) ?? 'Unknown Team';
const playerName = (dir: Directory, id: number) => dir.byKey.get(`player:${id}`)?.name ?? 'Unknown Player';

/** What a call is on, in words: its game ("Celtics @ Lakers") or its season ("2026–27 regular season"). */
function contextOf(row: RecordRow, dir: Directory): string {
  if (isSeasonKind(row.kind)) return `${(row.season ?? '').replace('-', '–')} regular season`;
  const [away, home] = row.teams ?? [];
  return away !== undefined && home !== undefined ? `${nickname(dir, away)} @ ${nickname(dir, home)}` : `Game ${gameIdText(row.game ?? 0)}`;
}

/** The fan's calls, newest first, by the author index. */
function callsOf(userId: string): Promise<RecordRow[]> {
  return Call.find({ author: new Types.ObjectId(userId) })
    .sort({ lockAt: -1, _id: -1 })
    .select(RECORD_FIELDS)
    .lean<RecordRow[]>();
}

const resultOf = (row: RecordRow): CallResult | null => (row.result as CallResult | null | undefined) ?? null;

/** The record's numbers over calls, as the reader may see them. */
export function statsOf(rows: RecordRow[]): CallRecordStats {
  return callRecord(rows.map((row) => ({ result: resultOf(row), crowd: row.crowd ?? null })));
}

/** A fan's record as `view`'s reader is shown it, filtered and paged. */
export async function callRecordOf(userId: string, filter: RecordFilter, view: RecordView): Promise<CallRecordAnswer> {
  await dbConnect();
  const [rows, dir] = await Promise.all([callsOf(userId), directory()]);
  const shielded = new Set(view.shielded);
  const held = (row: RecordRow) => row.result != null && row.game != null && shielded.has(row.game);
  const teams = [...new Set(rows.flatMap((r) => r.teams ?? []))].map((id) => ({
    id,
    name: dir.byKey.get(`team:${id}`)?.name ?? 'Unknown Team',
  }));
  const players = [...new Set(rows.flatMap((r) => (r.player == null ? [] : [r.player])))].map((id) => ({ id, name: playerName(dir, id) }));
  const filtered = rows.filter(
    (r) =>
      (filter.team === undefined || (r.teams ?? []).includes(filter.team)) && (filter.player === undefined || r.player === filter.player),
  );
  const visible = filtered.filter((r) => !held(r));
  const listed = filtered.filter(
    (r) =>
      filter.bin === undefined ||
      (!held(r) && (r.result === 'hit' || r.result === 'miss') && r.crowd != null && calibrationBin(r.crowd) === filter.bin),
  );
  const from = filter.cursor;
  const after = from
    ? listed.filter((r) => r.lockAt.getTime() < from.value || (r.lockAt.getTime() === from.value && String(r._id) < from.id))
    : listed;
  const limit = view.limit ?? RECORD_PAGE_SIZE;
  const page = after.slice(0, limit);
  const present = page.length
    ? await Take.find({ _id: mongoose.trusted({ $in: page.map((r) => r.take) }) })
        .select({ title: 1 })
        .lean<Pick<TakeRow, '_id' | 'title'>[]>()
    : [];
  const titles = new Map(present.map((t) => [String(t._id), t.title]));
  const names = { team: (id: number) => nickname(dir, id), player: (id: number) => playerName(dir, id) };
  const calls = page.map((row): RecordedCallDTO => {
    const title = titles.get(String(row.take));
    const hidden = held(row);
    return {
      _id: String(row._id),
      takeId: title === undefined ? null : String(row.take),
      // A take deleted after its lock keeps its title on the record; one moderators removed, or hidden, keeps none.
      title: title ?? (row.reason === 'deleted' ? (row.title ?? null) : null),
      text: describeCall(storedTerms(row), names),
      context: contextOf(row, dir),
      game: row.game ?? null,
      lockAt: row.lockAt.toISOString(),
      result: hidden ? 'hidden' : resultOf(row),
      reason: hidden ? null : ((row.reason as RecordedCallDTO['reason']) ?? null),
      crowd: hidden ? null : (row.crowd ?? null),
      settledAt: hidden || !row.settledAt ? null : row.settledAt.toISOString(),
      final: !hidden && Boolean(row.finalAt && row.finalAt.getTime() <= view.now.getTime()),
    };
  });
  const last = page[page.length - 1];
  return {
    stats: statsOf(visible),
    hidden: filtered.length - visible.length,
    teams: teams.sort((a, b) => a.name.localeCompare(b.name)),
    players: players.sort((a, b) => a.name.localeCompare(b.name)),
    calls,
    nextCursor: last && after.length > limit ? encodeCursor(last.lockAt.getTime(), String(last._id)) : null,
  };
}

/**
 * The record a link preview draws, the same for everyone: only settlements already final (24 hours old), so a card
 * shared tonight gives away no result of tonight's games to a fan who has not watched them.
 */
export async function finalRecordOf(userId: string, now: Date): Promise<CallRecordStats> {
  await dbConnect();
  const rows = await callsOf(userId);
  return statsOf(rows.filter((r) => r.result == null || (r.finalAt != null && r.finalAt.getTime() <= now.getTime())));
}
