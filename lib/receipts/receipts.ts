import {
  CALLED_IT_LIKE_SHARE,
  CHECK_BACK_MAX_YEARS,
  CHECK_BACK_MIN_MS,
  type CHECK_BACK_PRESETS,
  CHECK_BACK_PRESET_DAYS,
  RECEIPT_CLOSE_MARGIN,
  RECEIPT_MIN_VOTES,
  RECEIPT_VERDICT_AFTER_MS,
} from '@/lib/receipts/constants';
import { SEASON_CALENDAR } from '@/lib/league/constants';
import type { ReceiptState } from '@/lib/validation/receipts';

/**
 * Receipts (docs/product.md#receipts): the rules of a take that resolves. Pure functions of the stored
 * counts and a clock, shared by the server (which decides) and the browser
 * (which shows the create form's dates), so the two never disagree.
 *
 * A check-back date is a calendar day, stored as that day's 00:00 UTC and shown
 * in UTC, so "Receipts due Apr 11, 2027" reads the same in every time zone and
 * in the server-rendered HTML.
 */

export type CheckBackPreset = (typeof CHECK_BACK_PRESETS)[number];
export type CheckBackInput = { preset: CheckBackPreset; date?: string | undefined };

export type ReceiptVote = 'well' | 'poorly';
export type Verdict = 'well' | 'poorly' | 'close';

export const VERDICT_LABELS: Record<Verdict, string> = { well: 'Aged well', poorly: 'Aged poorly', close: 'Too close to call' };
export const VOTE_LABELS: Record<ReceiptVote, string> = { well: 'Aged well', poorly: 'Aged poorly' };

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of an instant, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** 00:00 UTC of a 'YYYY-MM-DD' day; null when it is not a real date (2026-02-30). */
export function dayStart(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const at = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || utcDay(at) !== day ? null : at;
}

const addDays = (day: string, days: number) => utcDay(new Date(dayStart(day)!.getTime() + days * DAY_MS));
const CHECK_BACK_MIN_DAYS = Math.round(CHECK_BACK_MIN_MS / DAY_MS);

/** The latest day a custom check-back may name: two years from today. */
export function latestCheckBackDay(now: Date): string {
  const limit = new Date(`${utcDay(now)}T00:00:00.000Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + CHECK_BACK_MAX_YEARS);
  return utcDay(limit);
}

/**
 * The earliest: the first day that starts CHECK_BACK_MIN_MS or more after `now`, so voting never opens while the crowd
 * a call is scored against is still forming, nor minutes after posting late in a UTC day.
 */
export function earliestCheckBackDay(now: Date): string {
  const day = utcDay(new Date(now.getTime() + CHECK_BACK_MIN_MS));
  return dayStart(day)!.getTime() - now.getTime() >= CHECK_BACK_MIN_MS ? day : addDays(day, 1);
}

export type CheckBackOption = { preset: Exclude<CheckBackPreset, 'custom'>; label: string; day: string };

/**
 * The presets on offer today, with the day each resolves to: the end of the
 * current regular season and playoffs (the next ones no nearer than the earliest
 * check-back day, from the calendar in lib/league/constants.ts) and 30 days from today.
 */
export function checkBackOptions(now: Date): CheckBackOption[] {
  const today = utcDay(now);
  const earliest = earliestCheckBackDay(now);
  const options: CheckBackOption[] = [];
  const regular = SEASON_CALENDAR.find((s) => s.regularSeasonEnd >= earliest);
  if (regular) options.push({ preset: 'regular-season', label: 'End of the regular season', day: regular.regularSeasonEnd });
  const playoffs = SEASON_CALENDAR.find((s) => s.playoffsEnd >= earliest);
  if (playoffs) options.push({ preset: 'playoffs', label: 'End of the playoffs', day: playoffs.playoffsEnd });
  options.push({ preset: '30-days', label: `In ${CHECK_BACK_PRESET_DAYS} days`, day: addDays(today, CHECK_BACK_PRESET_DAYS) });
  return options;
}

/** The instant a check-back comes due, or the message a person can act on. */
export function resolveCheckBack(input: CheckBackInput, now: Date): { at: Date } | { error: string } {
  if (input.preset !== 'custom') {
    const option = checkBackOptions(now).find((o) => o.preset === input.preset);
    if (!option) return { error: 'The league has not published those dates yet. Choose a custom date.' };
    return { at: dayStart(option.day)! };
  }
  const at = input.date ? dayStart(input.date) : null;
  if (!at) return { error: 'Choose a check-back date.' };
  if (input.date! < earliestCheckBackDay(now)) return { error: `The check-back date must be at least ${CHECK_BACK_MIN_DAYS} days out.` };
  if (input.date! > latestCheckBackDay(now)) return { error: `The check-back date can be at most ${CHECK_BACK_MAX_YEARS} years out.` };
  return { at };
}

/** What is stored on a take about its receipt. */
export type ReceiptFacts = {
  checkBackAt: Date;
  agedWell: number;
  agedPoorly: number;
  /** The take's likes and dislikes when it came due (read only once it is due). */
  dueLikes: number | null;
  dueDislikes: number | null;
};

/** A take as stored, as far as its receipt goes. */
export type StoredReceipt = {
  checkBackAt: Date;
  agedWell?: number;
  agedPoorly?: number;
  likes: number;
  dislikes: number;
  dueLikes?: number | null;
  dueDislikes?: number | null;
};

/**
 * The receipt facts of a stored take. Its split at the date is recorded by the
 * first writer to meet it once due (the scheduled job or a vote:
 * lib/data/receipts/due-snapshot.ts); until then the split is what would be recorded
 * now, its counts, so reading a receipt never has to write it.
 */
export function receiptFactsOf(take: StoredReceipt): ReceiptFacts {
  return {
    checkBackAt: take.checkBackAt,
    agedWell: take.agedWell ?? 0,
    agedPoorly: take.agedPoorly ?? 0,
    dueLikes: take.dueLikes ?? take.likes,
    dueDislikes: take.dueDislikes ?? take.dislikes,
  };
}

/**
 * The verdict: once at least RECEIPT_MIN_VOTES are in and a week has passed
 * since the date (so one evening's crowd does not decide), the side with more
 * votes wins, unless the two are within RECEIPT_CLOSE_MARGIN points of each
 * other (55/45 is Too close to call, 56/44 is not).
 */
export function verdictOf(well: number, poorly: number): Verdict {
  const total = well + poorly;
  const margin = (Math.abs(well - poorly) / total) * 100;
  if (margin <= RECEIPT_CLOSE_MARGIN) return 'close';
  return well > poorly ? 'well' : 'poorly';
}

/**
 * Called it: the take aged well although fewer than 30% of its reactions were
 * likes when it came due: the contrarian who was right. With no reactions at
 * all nobody doubted it, so there is nothing to have called.
 */
export function calledIt(verdict: Verdict | null, dueLikes: number | null, dueDislikes: number | null): boolean {
  if (verdict !== 'well' || dueLikes === null || dueDislikes === null) return false;
  const reactions = dueLikes + dueDislikes;
  return reactions > 0 && dueLikes / reactions < CALLED_IT_LIKE_SHARE;
}

export function receiptState(facts: ReceiptFacts, now: Date): ReceiptState {
  const due = facts.checkBackAt.getTime();
  const votes = facts.agedWell + facts.agedPoorly;
  const open = now.getTime() >= due;
  const decided = open && votes >= RECEIPT_MIN_VOTES && now.getTime() >= due + RECEIPT_VERDICT_AFTER_MS;
  const verdict = decided ? verdictOf(facts.agedWell, facts.agedPoorly) : null;
  return {
    dueAt: facts.checkBackAt.toISOString(),
    status: !open ? 'pending' : verdict ? 'resolved' : 'voting',
    agedWell: facts.agedWell,
    agedPoorly: facts.agedPoorly,
    verdict,
    calledIt: calledIt(verdict, facts.dueLikes, facts.dueDislikes),
  };
}

/** The switch semantics of likes: a new vote, a change of side, or (same side again) nothing. */
export function applyVote(counts: { agedWell: number; agedPoorly: number }, from: ReceiptVote | null, to: ReceiptVote | null) {
  if (from === to) return counts;
  const next = { ...counts };
  if (from === 'well') next.agedWell -= 1;
  if (from === 'poorly') next.agedPoorly -= 1;
  if (to === 'well') next.agedWell += 1;
  if (to === 'poorly') next.agedPoorly += 1;
  return next;
}
