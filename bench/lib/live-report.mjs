// @ts-check
// The report's part for live updates (bench/lib/live.mjs).
import { judgedInTurns, ms } from './measure.mjs';

/** @typedef {import('./live.mjs').LiveRun} LiveRun */
/** @typedef {import('./live.mjs').LivePhase} LivePhase */
/** @typedef {import('./report.mjs').MeasuredSet} MeasuredSet */

const s = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : `${(n / 1000).toFixed(1)} s`);
const share = (/** @type {LivePhase} */ p) => (p.requests ? p.notModified / p.requests : 0);
const pct = (/** @type {number} */ n) => `${(n * 100).toFixed(1)}%`;
const perMinute = (/** @type {number} */ n, /** @type {number} */ seconds) => Math.round((n * 60) / seconds);

/**
 * Budget rows: nothing changing costs no database command and is almost all 304s; a poll is no slower than the cached
 * feed page; a write is seen within one poll interval and 2 s.
 * @param {LiveRun | undefined} live
 * @param {string} where the data set
 */
export function liveBudgets(live, where) {
  /** @type {import('./report.mjs').Budget[]} */
  const rows = [];
  if (!live) return rows;
  /** @type {(name: string, target: string, measured: string, met: boolean | null) => number} */
  const add = (name, target, measured, met) => rows.push({ group: 'Live updates', name, target, measured, met });
  const { quiet, writes, pollVsPage, intervals } = live;
  add(`Database commands of 60 s of polls with nothing changing, ${where}`, '0', String(quiet.commands), quiet.commands === 0);
  add(`Polls answered 304 with nothing changing, ${where}`, '≥ 95%', pct(share(quiet)), share(quiet) >= 0.95);
  const poll = judgedInTurns(pollVsPage, (polled, page) => polled <= page);
  add(`A feed poll answered 304 vs the cached feed page, p50 in turns, ${where}`, '≤ 1×', poll.measured, poll.met);
  const takeBudget = intervals.feed + 2000;
  add(
    `A new take seen by every feed tab that polled after it, ${where}`,
    `≤ ${s(takeBudget)}`,
    `first ${s(writes.newTake.firstSeenMs)}, last ${s(writes.newTake.allTabsSeenMs)} (${writes.newTake.tabsSeen} tabs)`,
    writes.newTake.allTabsSeenMs == null ? null : writes.newTake.allTabsSeenMs <= takeBudget,
  );
  const reactionBudget = intervals.take + 2000;
  add(
    `A reaction seen by the first poll of its take, ${where}`,
    `≤ ${s(reactionBudget)}`,
    `p50 ${s(writes.reactions.firstSeenMs.p50)}, max ${s(writes.reactions.firstSeenMs.max)}${writes.reactions.unseen ? `, ${writes.reactions.unseen} unseen` : ''}`,
    writes.reactions.firstSeenMs.max == null ? null : writes.reactions.firstSeenMs.max <= reactionBudget && writes.reactions.unseen === 0,
  );
  add(`Poll errors, ${where}`, '0', String(quiet.errors + writes.errors), quiet.errors + writes.errors === 0);
  return rows;
}

/**
 * Markdown lines: what the tabs sent and what it cost, with nothing changing and with writes.
 * @param {LiveRun | undefined} live
 * @param {string} where
 */
export function liveSection(live, where) {
  if (!live) return [];
  const { quiet, writes, tabs, intervals, fans, pollVsPage } = live;
  const row = (/** @type {string} */ label, /** @type {LivePhase} */ p) =>
    `| ${label} | ${perMinute(p.requests, p.seconds)} | ${pct(share(p))} | ${perMinute(p.commands, p.seconds)} | ${p.bytesPerPoll} (200: ${p.bytesPer200 ?? '–'}, 304: ${p.bytesPer304 ?? '–'}) | ${ms(p.p50)} / ${ms(p.p99)} |`;
  const kinds = (/** @type {LivePhase} */ p) =>
    ['feed', 'take', 'unread']
      .map((k) => {
        const f = p.byKind[/** @type {'feed' | 'take' | 'unread'} */ (k)];
        return `${k} ${f.requests} (${f.requests ? pct(f.notModified / f.requests) : '–'} 304, p50 ${ms(f.p50)} ms)`;
      })
      .join('; ');
  return [
    `## Live updates (${where})`,
    '',
    `${tabs.feed + tabs.take + tabs.unread} open tabs, each polling at the interval the browser uses (\`LIVE_POLL_MS\`): ${tabs.feed} on the feed ` +
      `(its newest take every ${intervals.feed / 1000} s), ${tabs.take} on one of the ten hottest takes' pages (counts and comment total every ` +
      `${intervals.take / 1000} s) and ${tabs.unread} signed-in tabs of ${fans} fans, whose unread count one leader tab per fan polls every ` +
      `${intervals.unread / 1000} s. Each tab starts at a random point of its interval and sends the ETag of its last answer, as the browser does. ` +
      `First ${quiet.seconds} s with nothing changing, then ${writes.seconds} s with one new take (5 s in) and ${writes.reactions.count} reactions ` +
      'on the watched takes. Straight to the server, with no CDN in front: a CDN would absorb the public polls for 5 s more.',
    '',
    '| Phase | server requests / min | 304 | database commands / min | bytes per poll | poll p50 / p99 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    row('Nothing changing', quiet),
    row('One new take, 50 reactions', writes),
    '',
    `- By kind, nothing changing: ${kinds(quiet)}.`,
    `- By kind, with writes: ${kinds(writes)}.`,
    `- Commands with writes: ${writes.ops.join(', ') || 'none'} (the writes' own, and one read per change of each polled answer).`,
    `- The new take: first seen ${s(writes.newTake.firstSeenMs)} after it was posted; the last of the ${writes.newTake.tabsSeen} feed tabs that polled ` +
      `after it saw it ${s(writes.newTake.allTabsSeenMs)} after.`,
    `- Reactions: the first poll of the take after each showed it, p50 ${s(writes.reactions.firstSeenMs.p50)}, max ${s(writes.reactions.firstSeenMs.max)}.`,
    `- A feed tab's poll answered 304 and the cached feed page (\`GET /api/takes\`), timed in turns one at a time after the phases, ${pollVsPage.rounds} of each: p50 ${ms(pollVsPage.a)} and ${ms(pollVsPage.b)} ms.`,
    '',
  ];
}

/**
 * @param {MeasuredSet[]} sets
 * @returns {{ live: LiveRun | undefined; where: string }}
 */
export function liveOf(sets) {
  const set = sets.find((x) => x.live);
  return { live: set?.live, where: set?.set ?? '' };
}
