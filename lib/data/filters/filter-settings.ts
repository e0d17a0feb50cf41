import 'server-only';
import mongoose, { type Types } from 'mongoose';
import {
  MUTE_DURATIONS_MS,
  MUTED_SUBJECTS_MAX,
  MUTED_WORDS_MAX,
  SHIELD_DEFAULT_HOURS,
  SHIELD_GAMES_MAX,
  SHIELD_HOURS,
  SHIELD_TEAMS_MAX,
  SHIELD_WATCHED_MAX,
} from '@/lib/filters/constants';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { directory, focusRef } from '@/lib/data/shared/directory';
import { shieldView, slateAround, type ShieldRow } from '@/lib/data/filters/shield-games';
import { badRequest, notFound } from '@/lib/errors';
import { wordKey } from '@/lib/filters/fan-filters';
import type { FanFiltersAnswer, MuteRuleInput } from '@/lib/validation/filters';
import { Game, type GameRow, MuteRule, type MuteRuleRow, Player, SpoilerShield, Team } from '@/models';

/**
 * Making and undoing a fan's own filters, and the account page's view of them (docs/product.md#filters); what they
 * do to the lists is lib/data/filters/reader.ts. Every read and write here is the viewer's own: nobody else can
 * read or change them.
 */

type Id = Types.ObjectId;
const HOUR_MS = 60 * 60 * 1000;

/** The viewer's filters as GET /api/account/filters answers them: live rules newest first, the shield and the slate. */
export async function fanFilters(user: Id): Promise<FanFiltersAnswer> {
  await dbConnect();
  const [at, dir, rules, shields] = await Promise.all([
    now(),
    directory(),
    MuteRule.find({ user }).lean<MuteRuleRow[]>(),
    SpoilerShield.find({ user }).select({ kind: 1, target: 1, hours: 1 }).lean<ShieldRow[]>(),
  ]);
  const [games, slate] = await Promise.all([shieldView(shields, at, dir), slateAround(at, dir)]);
  return {
    mutes: rules
      .filter((r) => !r.expiresAt || r.expiresAt.getTime() > at.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id)))
      .map((r) => {
        const id = r.kind === 'word' ? null : Number(r.key);
        return {
          _id: String(r._id),
          kind: r.kind,
          word: r.kind === 'word' ? (r.word ?? r.key) : null,
          id,
          name: id === null ? (r.word ?? r.key) : focusRef(dir, r.kind as 'player' | 'team', id).name,
          action: r.action,
          expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
          createdAt: r.createdAt.toISOString(),
        };
      }),
    watchLater: shields
      .filter((s) => s.kind === 'team')
      .map((s) => ({ team: s.target, name: focusRef(dir, 'team', s.target).name, hours: s.hours ?? SHIELD_DEFAULT_HOURS }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    games,
    slate,
  };
}

/**
 * Mutes a word, player or team for the time asked; muting the same one again replaces its action and time (one
 * rule per fan and subject, under a unique index). A word is stored as typed, to show, and as its key, to match.
 */
export async function addMuteRule(user: Id, input: MuteRuleInput): Promise<void> {
  await dbConnect();
  const at = await now();
  let key: string;
  if (input.kind === 'word') {
    key = wordKey(input.word) ?? '';
  } else {
    const exists = input.kind === 'player' ? await Player.exists({ _id: input.id }) : await Team.exists({ _id: input.id });
    if (!exists) throw notFound(input.kind === 'player' ? 'Player not found.' : 'Team not found.');
    key = String(input.id);
  }
  const kinds: MuteRuleRow['kind'][] = input.kind === 'word' ? ['word'] : ['player', 'team'];
  const max = input.kind === 'word' ? MUTED_WORDS_MAX : MUTED_SUBJECTS_MAX;
  const lasts = MUTE_DURATIONS_MS[input.duration];
  const isLive = (rule: Pick<MuteRuleRow, 'expiresAt'>) => !rule.expiresAt || rule.expiresAt.getTime() > at.getTime();
  // Written first, counted after: a count before the write lets thirty mutes sent at once each see room for one more.
  const before = await MuteRule.findOneAndUpdate(
    { user, kind: input.kind, key },
    {
      $set: {
        word: input.kind === 'word' ? input.word : null,
        action: input.action,
        expiresAt: lasts === null ? null : new Date(at.getTime() + lasts),
      },
    },
    { upsert: true, returnDocument: 'before' },
  )
    .select({ expiresAt: 1 })
    .lean<Pick<MuteRuleRow, 'expiresAt'>>();
  // A rule that was live already changed only its action and time: it takes no more room.
  if (before && isLive(before)) return;
  // The fan's own rules of this kind group, counted in memory: at most a hundred or so small documents. Each write that
  // added one counts after it, so whichever count ran last saw every rule kept: none is kept past the cap.
  const rules = await MuteRule.find({ user, kind: mongoose.trusted({ $in: kinds }) })
    .select({ kind: 1, key: 1, expiresAt: 1 })
    .lean<Pick<MuteRuleRow, 'kind' | 'key' | 'expiresAt'>[]>();
  if (rules.filter(isLive).length <= max) return;
  await MuteRule.deleteOne({ user, kind: input.kind, key });
  throw badRequest(input.kind === 'word' ? `You can mute at most ${max} words.` : `You can mute at most ${max} players and teams.`);
}

/** Removes one of the viewer's rules; a rule that is not theirs is as missing as one that never was. */
export async function removeMuteRule(user: Id, ruleId: string): Promise<void> {
  await dbConnect();
  const removed = await MuteRule.deleteOne({ _id: ruleId, user });
  if (removed.deletedCount === 0) throw notFound('That mute is not there any more.');
}

/**
 * Games marked on their own and Watched taps outlive their use once the longest shield window after their tip-off
 * has passed; each shield write drops the viewer's such facts, so they stay a handful.
 */
async function pruneShield(user: Id, at: Date): Promise<void> {
  const facts = await SpoilerShield.find({ user, kind: mongoose.trusted({ $in: ['game', 'watched'] as ShieldRow['kind'][] }) })
    .select({ target: 1 })
    .lean<Pick<ShieldRow, 'target'>[]>();
  if (facts.length === 0) return;
  const longest = Math.max(...SHIELD_HOURS) * HOUR_MS;
  const games = await Game.find({ _id: mongoose.trusted({ $in: [...new Set(facts.map((f) => f.target))] }) })
    .select({ tipoff: 1 })
    .lean<Pick<GameRow, '_id' | 'tipoff'>[]>();
  const tipoffs = new Map(games.map((g) => [g._id, g.tipoff.getTime()]));
  const done = facts.map((f) => f.target).filter((game) => (tipoffs.get(game) ?? Number.NEGATIVE_INFINITY) + longest < at.getTime());
  if (done.length > 0)
    await SpoilerShield.deleteMany({
      user,
      kind: mongoose.trusted({ $in: ['game', 'watched'] as ShieldRow['kind'][] }),
      target: mongoose.trusted({ $in: done }),
    });
}

/** "I watch later": every game of the team is shielded from its tip-off for `hours` (or until Watched). */
export async function watchTeamLater(user: Id, team: number, hours: number): Promise<void> {
  await dbConnect();
  if (!(await Team.exists({ _id: team }))) throw notFound('Team not found.');
  await shieldWithinCap(user, 'team', team, hours, SHIELD_TEAMS_MAX, `You can watch at most ${SHIELD_TEAMS_MAX} teams later.`);
}

/**
 * One shield choice written, then counted: a count before the write would let choices sent at once each see room for
 * one more. One that was added and finds the fan past `max` is taken back and refused; whichever count ran last saw
 * every choice kept, so none is kept past the cap.
 */
async function shieldWithinCap(user: Id, kind: 'team' | 'game', target: number, hours: number, max: number, refusal: string) {
  const written = await SpoilerShield.updateOne({ user, kind, target }, { $set: { hours } }, { upsert: true });
  if (written.upsertedCount === 0) return;
  if ((await SpoilerShield.countDocuments({ user, kind })) <= max) return;
  await SpoilerShield.deleteOne({ user, kind, target });
  throw badRequest(refusal);
}

export async function stopWatchingLater(user: Id, team: number): Promise<void> {
  await dbConnect();
  await SpoilerShield.deleteOne({ user, kind: 'team', target: team });
}

async function requireGame(game: number): Promise<void> {
  if (!(await Game.exists({ _id: game }))) throw notFound('Game not found.');
}

/** "Not watched yet" for one game: shielded from its tip-off for `hours`, also after a Watched tap on it (which it undoes). */
export async function markNotWatched(user: Id, game: number, hours: number): Promise<void> {
  await dbConnect();
  await requireGame(game);
  await pruneShield(user, await now());
  await shieldWithinCap(user, 'game', game, hours, SHIELD_GAMES_MAX, `You can mark at most ${SHIELD_GAMES_MAX} games not watched yet.`);
  await SpoilerShield.deleteOne({ user, kind: 'watched', target: game });
}

/** "Watched": the game's shield lifts, whether a team watched later or a mark of the game raised it. */
export async function markWatched(user: Id, game: number): Promise<void> {
  await dbConnect();
  await requireGame(game);
  await pruneShield(user, await now());
  // $set, not $setOnInsert: tapping Watched again makes it the newest tap (updatedAt), the last to be trimmed.
  await SpoilerShield.updateOne({ user, kind: 'watched', target: game }, { $set: { hours: null } }, { upsert: true });
  await trimWatched(user);
}

/**
 * Every list a fan reads loads their whole shield (lib/data/filters/reader.ts), so Watched taps are kept to the
 * newest SHIELD_WATCHED_MAX: taps on games far ahead (pruneShield keeps those) cannot grow it without end. Trimmed
 * after each write, so taps sent at once leave no more than the cap either. A trimmed tap is one of the oldest, on a
 * game most likely over; if its game is still shielded, the fan taps Watched again.
 */
async function trimWatched(user: Id): Promise<void> {
  const taps = await SpoilerShield.find({ user, kind: 'watched' })
    .select({ updatedAt: 1 })
    .lean<{ _id: Types.ObjectId; updatedAt: Date }[]>();
  if (taps.length <= SHIELD_WATCHED_MAX) return;
  const stale = taps
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || String(b._id).localeCompare(String(a._id)))
    .slice(SHIELD_WATCHED_MAX)
    .map((tap) => tap._id);
  await SpoilerShield.deleteMany({ user, kind: 'watched', _id: mongoose.trusted({ $in: stale }) });
}

/** The scheduled job's sweep: mute rules whose time is up (the lists already ignore them). Answers how many went. */
export async function sweepExpiredMuteRules(at: Date): Promise<number> {
  await dbConnect();
  const swept = await MuteRule.deleteMany({ expiresAt: mongoose.trusted({ $lte: at }) });
  return swept.deletedCount;
}
