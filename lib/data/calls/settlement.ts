import 'server-only';
import mongoose from 'mongoose';
import {
  type BoxLine,
  type BoxScore as Box,
  decideGameCall,
  decideSeasonCall,
  isRegularSeasonGame,
  regularSeasonEnd,
  seasonRecords,
  type Settlement,
  type SettlingGame,
} from '@/lib/calls/calls';
import { CALL_PROVISIONAL_MS, CALL_VOID_AFTER_MS } from '@/lib/calls/constants';
import { log } from '@/lib/log';
import { expireGames } from '@/lib/data/shared/list-cache';
import { BoxScore, type BoxScoreRow, Call, type CallRow, Game, type GameRow, HiddenTake, Take } from '@/models';
import { accountsOf, beforeLock, byTake, crowdOf, reactionsOn } from './call-crowd';
import { noticeSettled, type SettledBatch } from './settled-notices';
import { storedTerms, TERMS_FIELDS, type TermsRow } from './stored-terms';

/**
 * Settling calls (docs/product.md#calls), in bulk, on the write that decides them: a final, a correction, a box score
 * line, a cancellation (lib/data/league/league-batches.ts calls this for every league write, from the console, an
 * import or the scheduled job finishing an interrupted batch), and the scheduled job's voids 14 days on. A game with a
 * thousand calls costs a handful of commands whatever their number: its calls, its game and box score, its takes'
 * reactions and their fans' accounts are each one read; the calls, the takes (and hidden takes) and the notices are
 * each one bulk write.
 *
 * A settlement is provisional for CALL_PROVISIONAL_MS after it is first made: a corrected score or line settles the
 * call again (a different result, or open again if the game is no longer final), and nobody is told twice. After it,
 * nothing changes it. Each write is conditional on the call's `basis` (models/call.ts), so of two settlements racing
 * (a console edit beside the scheduled job), the one read from the later league state stands.
 */

type StoredCall = TermsRow &
  Pick<CallRow, '_id' | 'take' | 'author' | 'teams' | 'postedAt' | 'lockAt' | 'result' | 'reason' | 'finalAt' | 'basis'>;

const CALL_FIELDS = {
  ...TERMS_FIELDS,
  take: 1,
  author: 1,
  teams: 1,
  postedAt: 1,
  lockAt: 1,
  result: 1,
  reason: 1,
  finalAt: 1,
  basis: 1,
} as const;

/** Whether nothing may settle the call again: its 24 hours are over, or its take was deleted after its lock. */
const isFinal = (call: StoredCall, at: Date) => call.finalAt != null && call.finalAt.getTime() <= at.getTime();

/** A call and how it now stands, from a league state whose revision is `basis`. */
type Decided = { call: StoredCall; next: Settlement | null; basis: number };

/** What changed: the decided calls whose result or reason differ from what is stored, and which of them settle for the first time. */
function changesOf(decided: Decided[], at: Date): { changed: Decided[]; fresh: Decided[] } {
  const changed = decided.filter(
    ({ call, next }) =>
      !isFinal(call, at) && ((call.result ?? null) !== (next?.result ?? null) || (call.reason ?? null) !== (next?.reason ?? null)),
  );
  return { changed, fresh: changed.filter(({ call, next }) => next !== null && !call.result) };
}

const notFinalAt = (field: string, at: Date) => ({ $or: [{ [field]: null }, { [field]: mongoose.trusted({ $gt: at }) }] });

/**
 * Writes what changed: each call, its take's chip (or its hidden take's), one bulk write per collection; a call settled
 * for the first time gets its crowd and its 24 hours. Returns the calls written.
 */
async function write(changed: Decided[], crowds: Map<string, { likes: number; dislikes: number; crowd: number }>, at: Date) {
  if (changed.length === 0) return;
  const finalAt = new Date(at.getTime() + CALL_PROVISIONAL_MS);
  const calls: mongoose.mongo.AnyBulkWriteOperation[] = [];
  const takes: mongoose.mongo.AnyBulkWriteOperation[] = [];
  const hidden: mongoose.mongo.AnyBulkWriteOperation[] = [];
  for (const { call, next, basis } of changed) {
    const crowd = crowds.get(String(call._id));
    const set: Record<string, unknown> = next
      ? call.result
        ? { result: next.result, reason: next.reason, basis }
        : {
            result: next.result,
            reason: next.reason,
            settledAt: at,
            finalAt,
            basis,
            ...(crowd ? { crowd: crowd.crowd, crowdLikes: crowd.likes, crowdDislikes: crowd.dislikes } : {}),
          }
      : { result: null, reason: null, settledAt: null, finalAt: null, basis };
    const chip = Object.fromEntries(Object.entries(set).filter(([field]) => !field.startsWith('crowd')));
    const prefixed = (prefix: string) => Object.fromEntries(Object.entries(chip).map(([field, value]) => [`${prefix}${field}`, value]));
    calls.push({
      updateOne: {
        filter: { _id: call._id, basis: mongoose.trusted({ $lte: basis }), ...notFinalAt('finalAt', at) },
        update: { $set: set },
      },
    });
    takes.push({
      updateOne: {
        filter: { _id: call.take, 'call.basis': mongoose.trusted({ $lte: basis }), ...notFinalAt('call.finalAt', at) },
        update: { $set: prefixed('call.') },
      },
    });
    hidden.push({
      updateOne: {
        filter: { _id: call.take, 'take.call.basis': mongoose.trusted({ $lte: basis }), ...notFinalAt('take.call.finalAt', at) },
        update: { $set: prefixed('take.call.') },
      },
    });
  }
  // A take hidden by moderators keeps its chip in its hidden copy: written only when one of them is hidden (one read by _id).
  const hiddenIds = new Set(
    (
      await HiddenTake.find({ _id: mongoose.trusted({ $in: changed.map((d) => d.call.take) }) })
        .select({ _id: 1 })
        .lean<{ _id: unknown }[]>()
    ).map((h) => String(h._id)),
  );
  // The raw collections: the statements hold the stored types already, and casting a thousand of them through Mongoose
  // is CPU the instance's other requests would wait on.
  await Promise.all([
    Call.collection.bulkWrite(calls, { ordered: false }),
    Take.collection.bulkWrite(takes, { ordered: false }),
    hiddenIds.size
      ? HiddenTake.collection.bulkWrite(
          hidden.filter((_, i) => hiddenIds.has(String(changed[i]!.call.take))),
          { ordered: false },
        )
      : null,
  ]);
}

/**
 * Writes the decided calls that changed, with the crowds of those settling for the first time and the notices of
 * who weighed in on them, batched by `batchKey` (a notice counts every settled call of its batch: `final` are those of
 * the same games settled for good already). Returns how many calls changed.
 */
async function settle(
  decided: Decided[],
  final: StoredCall[],
  at: Date,
  batchKey: (call: StoredCall) => { key: string; game: number | null },
) {
  const { changed, fresh } = changesOf(decided, at);
  if (changed.length === 0) return 0;
  const freshIds = new Set(fresh.map((d) => String(d.call._id)));
  const settled = [
    ...new Map(
      [...final.filter((call) => call.result), ...decided.flatMap(({ call, next }) => (next ? [call] : []))].map((call) => [
        String(call._id),
        call,
      ]),
    ).values(),
  ];
  // The notices to write: the batches with a call settled just now, each counting all its settled calls.
  const freshKeys = new Set(fresh.map((d) => batchKey(d.call).key));
  const told = settled.filter((call) => freshKeys.has(batchKey(call).key));
  // One read of the settled calls' takes' reactions: the fresh ones' crowds before the lock, and who reacted, to tell them.
  const reactions = fresh.length ? await reactionsOn(told.map((call) => call.take)) : [];
  const onTake = byTake(reactions);
  const accounts = await accountsOf([
    ...fresh.map((d) => d.call.author),
    ...fresh.flatMap((d) => beforeLock(d.call, onTake).map((r) => r.user)),
  ]);
  const crowds = new Map(fresh.map((d) => [String(d.call._id), crowdOf(d.call, onTake, accounts)]));
  await write(changed, crowds, at);
  const notices = new Map<string, SettledBatch>();
  for (const call of told) {
    const { key, game } = batchKey(call);
    const batch = notices.get(key) ?? { key, game, takes: [] };
    batch.takes.push({ take: call.take, author: call.author, fresh: freshIds.has(String(call._id)) });
    notices.set(key, batch);
  }
  await noticeSettled(
    [...notices.values()].filter((b) => b.takes.some((t) => t.fresh)),
    reactions,
    at,
  );
  log.info({ changed: changed.length, settled: fresh.length }, 'calls settled');
  return changed.length;
}

const NO_BOX: Box = { has: false, line: () => null };

/** Settles the calls of these games from their games and box scores as they are now. Returns how many changed. */
export async function settleGames(gameIds: number[], at: Date): Promise<number> {
  if (gameIds.length === 0) return 0;
  const all = await Call.find({ game: mongoose.trusted({ $in: gameIds }) })
    .select(CALL_FIELDS)
    .lean<StoredCall[]>();
  const calls = all.filter((call) => !isFinal(call, at));
  if (calls.length === 0) return 0;
  const withPlayers = [...new Set(calls.filter((c) => c.kind === 'player').map((c) => c.game!))];
  const [games, lines] = await Promise.all([
    Game.find({ _id: mongoose.trusted({ $in: [...new Set(calls.map((c) => c.game!))] }) })
      .select({ status: 1, home: 1, away: 1, tipoff: 1, homeScore: 1, awayScore: 1, rev: 1 })
      .lean<Pick<GameRow, '_id' | 'status' | 'home' | 'away' | 'tipoff' | 'homeScore' | 'awayScore' | 'rev'>[]>(),
    withPlayers.length
      ? BoxScore.find({ game: mongoose.trusted({ $in: withPlayers }) })
          .select({ game: 1, player: 1, minutes: 1, points: 1, rebounds: 1, assists: 1, threes: 1, rev: 1 })
          .lean<BoxScoreRow[]>()
      : [],
  ]);
  const gameById = new Map(games.map((g) => [g._id, g]));
  const boxes = new Map<number, { lines: Map<number, BoxLine>; rev: number }>();
  for (const line of lines) {
    const box = boxes.get(line.game) ?? { lines: new Map<number, BoxLine>(), rev: 0 };
    box.lines.set(line.player, line);
    box.rev += line.rev ?? 0;
    boxes.set(line.game, box);
  }
  const decided = calls.flatMap((call): Decided[] => {
    const game = gameById.get(call.game!);
    // A game taken off the schedule keeps its calls open: nothing decides them until it is back.
    if (!game) return [];
    const box = call.kind === 'player' ? boxes.get(game._id) : undefined;
    const settling: SettlingGame = {
      status: game.status ?? 'scheduled',
      home: game.home,
      away: game.away,
      tipoff: game.tipoff,
      homeScore: game.homeScore ?? null,
      awayScore: game.awayScore ?? null,
    };
    const boxScore: Box = box ? { has: box.lines.size > 0, line: (player) => box.lines.get(player) ?? null } : NO_BOX;
    // The revision of all a decision reads: the game's, and for a player call its box score's lines' too.
    const basis = (game.rev ?? 0) + (box?.rev ?? 0);
    return [{ call, next: decideGameCall(storedTerms(call), call.lockAt, settling, boxScore, at), basis }];
  });
  const final = all.filter((call) => isFinal(call, at));
  const changed = await settle(decided, final, at, (call) => ({ key: String(call.game), game: call.game ?? null }));
  if (changed > 0) await expireGames([...new Set(calls.map((c) => c.game!))]);
  return changed;
}

/** The days of a season's games: from the July it starts in to the end of its regular season. */
function seasonWindow(season: string): { from: Date; to: Date } | null {
  const end = regularSeasonEnd(season);
  const first = Number(season.slice(0, 4));
  if (!end || !Number.isInteger(first)) return null;
  return { from: new Date(Date.UTC(first, 6, 1)), to: new Date(`${end}T23:59:59.999Z`) };
}

/**
 * Settles the season calls on these teams in these seasons once their results can no longer change (lib/calls/calls.ts
 * decideSeasonCall), from the teams' regular-season games as they are now. Returns how many changed.
 */
export async function settleSeasons(teams: number[], seasons: string[], at: Date): Promise<number> {
  if (teams.length === 0 || seasons.length === 0) return 0;
  const calls = (
    await Call.find({ scope: 'season', season: mongoose.trusted({ $in: seasons }), teams: mongoose.trusted({ $in: teams }) })
      .select(CALL_FIELDS)
      .lean<StoredCall[]>()
  ).filter((call) => !isFinal(call, at) && call.reason !== 'deleted' && call.reason !== 'removed');
  if (calls.length === 0) return 0;
  const decided: Decided[] = [];
  for (const season of new Set(calls.map((c) => c.season!))) {
    const window = seasonWindow(season);
    if (!window) continue;
    const mine = calls.filter((c) => c.season === season);
    const named = [...new Set(mine.flatMap((c) => c.teams ?? []))];
    const tipoff = mongoose.trusted({ $gte: window.from, $lte: window.to });
    const games = (
      await Game.find({
        $or: [
          { home: mongoose.trusted({ $in: named }), tipoff },
          { away: mongoose.trusted({ $in: named }), tipoff },
        ],
      })
        .select({ season: 1, status: 1, home: 1, away: 1, homeScore: 1, awayScore: 1, rev: 1 })
        .lean<Pick<GameRow, '_id' | 'season' | 'status' | 'home' | 'away' | 'homeScore' | 'awayScore' | 'rev'>[]>()
    ).filter((g) => g.season === season && isRegularSeasonGame(g._id));
    const records = seasonRecords(
      games.map((g) => ({ ...g, status: g.status ?? 'scheduled', homeScore: g.homeScore ?? null, awayScore: g.awayScore ?? null })),
      named,
    );
    // The revision of all a decision reads: its teams' games'.
    const revs = new Map<number, number>();
    for (const game of games) for (const team of [game.home, game.away]) revs.set(team, (revs.get(team) ?? 0) + (game.rev ?? 0));
    for (const call of mine) {
      const basis = (call.teams ?? []).reduce((sum, t) => sum + (revs.get(t) ?? 0), 0);
      decided.push({ call, next: decideSeasonCall(storedTerms(call), records), basis });
    }
  }
  return settle(decided, [], at, (call) => ({ key: `season:${call.season}:${at.toISOString().slice(0, 10)}`, game: null }));
}

/** What a league write changed, as settlement needs it: its games (and those of its box score lines), with their teams and seasons. */
export type LeagueWrite = { subject: string; subjectId: number | string; after: unknown };

/**
 * Settles what a league write decided: the calls of every game it changed or gave a box score line, and the season
 * calls of those games' teams. Called by lib/data/league/league-batches.ts before a batch is marked done, so a process
 * that dies between leaves the batch for the next writer (or the scheduled job) to finish, settlement included.
 */
export async function settleLeagueWrite(changes: LeagueWrite[], at: Date): Promise<number> {
  const games = new Set<number>();
  const teams = new Set<number>();
  const seasons = new Set<string>();
  for (const change of changes) {
    const after = change.after as { game?: number; home?: number; away?: number; season?: string } | null;
    if (change.subject === 'game') {
      games.add(Number(change.subjectId));
      if (after?.home != null) teams.add(after.home);
      if (after?.away != null) teams.add(after.away);
      if (after?.season) seasons.add(after.season);
    } else if (change.subject === 'line' && after?.game != null) games.add(after.game);
  }
  const settled = await settleGames([...games], at);
  return settled + (await settleSeasons([...teams], [...seasons], at));
}

/**
 * The scheduled job's part: game calls still open CALL_VOID_AFTER_MS after their lock (a game postponed and not
 * played by then, a box score that never came in), whose games are settled again now, which voids them. Returns how
 * many changed.
 */
export async function settleExpiredCalls(at: Date): Promise<number> {
  const expired = await Call.find({
    scope: 'game',
    result: null,
    lockAt: mongoose.trusted({ $lte: new Date(at.getTime() - CALL_VOID_AFTER_MS) }),
  })
    .select({ game: 1 })
    .lean<Pick<CallRow, 'game'>[]>();
  return settleGames([...new Set(expired.map((c) => c.game!))], at);
}
