// @ts-check
// Every budget the benchmark judges, in one list of rows (bench/README.md, "Adding a budget"): each judges a data set's
// results (bench/lib/context.mjs Results), giving what was measured and whether it is within the target, or nothing
// when the run did not measure it (the row is then left out).
import { INTERVALS } from './live.mjs';
import { median } from './measure.mjs';
import { CALLS } from './settle.mjs';
import { SPELLINGS } from './zones.mjs';

/** @typedef {import('./context.mjs').Results} Results */
/** @typedef {[measured: string, met: boolean] | undefined} Judged */
/** @typedef {(r: Results) => Judged} Judge */
/** @typedef {{ group: string; name: string; target: string; sets?: string[]; judge: Judge }} Budget */

/** Milliseconds as the report prints them: a tenth below 10, whole ones above. */
export const ms = (/** @type {number} */ n) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : String(Math.round(n)));
export const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (/** @type {number} */ bytes) => bytes / 2 ** 20;
const x = (/** @type {number} */ ratio) => `${ratio.toFixed(2)}×`;
const s = (/** @type {number} */ millis, digits = 1) => `${(millis / 1000).toFixed(digits)} s`;
const thousands = (/** @type {number} */ n) => n.toLocaleString('en-US');

/** The app's own first-load JavaScript over the framework's bootstrap (about 132 kB with Next 16.4 and React 19.3). */
export const OWN_JS_BUDGET = 30_000;

/** `judge` of a figure, when it was measured. @template T @param {T | undefined} v @param {(v: T) => Judged} judge @returns {Judged} */
const on = (v, judge) => (v === undefined ? undefined : judge(v));
/** `judge` of two figures, when both were measured. @param {number | undefined} a @param {number | undefined} b @param {(a: number, b: number) => Judged} judge */
const pair = (a, b, judge) => (a === undefined || b === undefined ? undefined : judge(a, b));
/** A count within `most`. */
const atMost = (/** @type {number | undefined} */ n, /** @type {number} */ most) => on(n, (n) => [String(n), n <= most]);
/** Two judgements in one row: both measured, both met. @returns {Judged} */
const both = (/** @type {Judged} */ a, /** @type {Judged} */ b) => a && b && [`${a[0]}; ${b[0]}`, a[1] && b[1]];
/** Whether `a` is within `times` `b` (or `slack` ms more: a fraction of a millisecond is noise at a few ms). */
const within = (/** @type {number} */ a, /** @type {number} */ b, times = 1, slack = 0) => a <= Math.max(b * times, b + slack);

/** Two requests timed in turns (measure.mjs inTurns): the first's p50 within `times` the second's, if none failed. */
const inTurns = (/** @type {import('./measure.mjs').Turns | undefined} */ t, /** @type {number} */ times, slack = 0) =>
  on(t?.failed ? undefined : t, ({ a, b, rounds }) => [
    `${ms(a)} vs ${ms(b)} ms (${x(a / b)}, ${rounds} of each)`,
    within(a, b, times, slack),
  ]);

/** The app's throughput on a feed page against the raw driver's. */
const vsRaw = (/** @type {Results} */ r, /** @type {'feed-p1' | 'feed-p5'} */ id) =>
  // On a large set the raw driver scans the collection for every page, and may answer none within the run.
  pair(r.endpoints?.[id]?.load?.rps, r.baselines?.[id]?.rps, (app, raw) => [
    `${app.toFixed(0)} vs ${raw.toFixed(0)} req/s${raw ? ` (${x(app / raw)})` : ''}`,
    app >= 0.5 * raw,
  ]);

/** A p50 of the app's against the cached feed page's; below a few ms, a millisecond or two is autocannon's rounding. */
const vsFeed = (/** @type {Results} */ r, /** @type {string} */ id, times = 2, slack = 2) =>
  pair(r.endpoints?.[id]?.load?.p50, r.endpoints?.['feed-p1']?.load?.p50, (a, b) => [
    `${a} vs ${b} ms (${x(a / b)})`,
    within(a, b, times, slack),
  ]);

/** Commands of one list read cold at a small and a large page: at most 3, and the same at both. */
const pages = (/** @type {[number, number] | undefined} */ p) =>
  on(p, ([small, large]) => [`${small} / ${large}`, small === large && large <= 3]);
/** Every write's commands within `most`. */
const eachWrite = (/** @type {Results['writes']} */ writes, /** @type {number} */ most) =>
  on(writes, (w) => [w.map((w) => w.commands).join(' / '), w.every((w) => w.commands <= most)]);
/** The counters' dry run: every counter and ranking key equal to its facts. @returns {Judged} */
const counters = (/** @type {import('./writes.mjs').Counters | undefined} */ c) =>
  c && ('error' in c ? [`check failed: ${c.error}`, false] : atMost(c.counters + c.rankingKeys, 0));
/** The app's own share of a first load: what it loads over the bootstrap. */
const own = (/** @type {Results} */ r, /** @type {number} */ js) => js - (r.pages?.bootstrap ?? 0);

/** Each measured page's rows of its Lighthouse figures: [what, target, judge]. */
/** @type {[string, string, (l: import('./pages.mjs').Lighthouse) => Judged][]} */
const LIGHTHOUSE = [
  [
    'Lighthouse mobile performance, the median run',
    '≥ 95',
    (l) => [`${median(l.scores)} (${l.scores.join(', ')})`, median(l.scores) >= 95],
  ],
  ['TBT, the median of the runs', '≤ 150 ms', (l) => [`${ms(l.tbt)} ms (${l.tbtRuns.map(ms).join(', ')})`, l.tbt <= 150]],
  ['LCP, observed under DevTools throttling', '≤ 2.0 s', (l) => [s(l.lcpThrottled, 2), l.lcpThrottled <= 2000]],
  ['CLS', '≤ 0.02', (l) => [l.cls.toFixed(3), l.cls <= 0.02]],
];

/** A measured page's first load: the app's share, and how much of it is next/dynamic chunks it preloads. */
const firstLoad = (/** @type {Results} */ r, /** @type {string} */ id) =>
  on(r.pages?.pages[id], (p) => {
    const preloaded = p.preloaded ? ` (${kB(p.preloaded)} of it next/dynamic chunks it preloads)` : '';
    return [`${kB(own(r, p.js))}${preloaded}`, own(r, p.js) <= OWN_JS_BUDGET];
  });

/** Every page route of the build within the budget; the largest named. @returns {Judged} */
const everyRoute = (/** @type {Results} */ r) => {
  const [most, ...rest] = r.pages?.routes ?? [];
  const over = [most, ...rest].filter((route) => route && own(r, route.js) > OWN_JS_BUDGET);
  return most && [`${rest.length + 1} routes, the most \`${most.route}\` ${kB(own(r, most.js))}`, over.length === 0];
};

/** Growth over the zones' spellings once settled, with every spelling answered 200. */
const zoneGrowth = (/** @type {Results} */ r) =>
  on(r.zones, (z) => {
    const growth = MB(z.after - z.before);
    const answers = Object.entries(z.statuses).map(([status, n]) => `${thousands(n)} × ${status}`);
    const measured = `${growth.toFixed(1)} MB (${MB(z.before).toFixed(0)} → ${MB(z.after).toFixed(0)} MB; ${answers.join(', ')})`;
    return [measured, growth < 20 && z.statuses['200'] === z.spellings];
  });

/** 5xx answers and failed requests of every load run. */
const failedUnderLoad = (/** @type {Results} */ r) => {
  const runs = [...Object.values(r.endpoints ?? {}).map((e) => e.load), r.likeLoop].filter((l) => l !== undefined);
  const failed = runs.reduce((n, l) => n + l.status5xx + l.errors, 0);
  return runs.length ? atMost(failed, 0) : undefined;
};

/** A group of budgets from its rows: [name, target, judge, the data sets it applies to (every one when left out)]. */
const group = (/** @type {string} */ group, /** @type {[string, string, Judge, string[]?][]} */ rows) =>
  rows.map(([name, target, judge, sets]) => ({ group, name, target, judge, ...(sets ? { sets } : {}) }));
/** One row, typed as a group's (a row made in a map is not). */
const row = (/** @type {string} */ name, /** @type {string} */ target, /** @type {Judge} */ judge) =>
  /** @type {[string, string, Judge]} */ ([name, target, judge]);

/** @type {Budget[]} */
export const BUDGETS = [
  ...group('Throughput vs raw driver', [
    ['Feed page 1', '≥ 0.5×', (r) => vsRaw(r, 'feed-p1')],
    ['Feed page 5', '≥ 0.5×', (r) => vsRaw(r, 'feed-p5')],
  ]),
  ...group('Game thread vs feed', [
    ["Game thread page 1 p50 vs the feed's, in turns", '≤ 1.2× the feed page', (r) => inTurns(r.gameVsFeed?.p1, 1.2, 1)],
    ["Game thread page 5 p50 vs the feed's, in turns", '≤ 1.2× the feed page', (r) => inTurns(r.gameVsFeed?.p5, 1.2, 1)],
  ]),
  ...group('DB commands per request', [
    ['Feed (page 10 / 50)', '≤ 3, same at both sizes', (r) => pages(r.pageSizes?.feed)],
    ['Take page', '≤ 4', (r) => atMost(r.endpoints?.['take-page']?.warm.commands, 4)],
    [
      'Entity page (cold SSR; API page 10 / 50)',
      '≤ 3, same at both sizes',
      (r) => both(atMost(r.entityPageCold, 3), pages(r.pageSizes?.entity)),
    ],
    ['Comments page (page 15 / 50)', '≤ 3, same at both sizes', (r) => pages(r.pageSizes?.comments)],
    ['A like', '≤ 4', (r) => atMost(r.writes?.[0]?.commands, 4)],
    ['Each write on a take (like, switch, favorite, unfavorite, share)', '≤ 4', (r) => eachWrite(r.writes, 4)],
  ]),
  ...group('Callers board', [
    [
      'Board page 1 (API) p50 vs cached feed page, and its commands cold',
      'p50 ≤ 1.2× the cached feed page, ≤ 3 commands',
      (r) => both(vsFeed(r, 'callers-p1', 1.2, 1), atMost(r.endpoints?.['callers-p1']?.cold.commands, 3)),
    ],
  ]),
  ...group('Local engine', [
    ['Comments page p50 vs cached feed page', '≤ 2×', (r) => vsFeed(r, 'comments'), ['demo']],
    ['Search p50 vs cached feed page', '≤ 2×', (r) => vsFeed(r, 'search'), ['demo']],
    ['Take (API) p50 vs cached feed page', '≤ 2×', (r) => vsFeed(r, 'take-api'), ['demo']],
    ['Player takes (API) p50 vs cached feed page', '≤ 2×', (r) => vsFeed(r, 'player-api'), ['demo']],
    ['Comments page p50 vs cached feed page', '≤ 5×', (r) => vsFeed(r, 'comments', 5, 5), ['10k']],
    [
      '50 fans liking and disliking',
      '≥ 35 req/s, 0 errors',
      (r) => on(r.likeLoop, (l) => [`${l.rps.toFixed(0)} req/s, ${l.errors} errors`, l.rps >= 35 && !l.errors]),
    ],
    ['Counters and ranking keys that disagree with their facts after the likes', '0', (r) => counters(r.counters)],
  ]),
  ...group('Capture image', [
    ['p50 vs text-only render, in turns', '≤ 2×', (r) => inTurns(r.shareImage, 2)],
    ['Outbound network connections', '0', (r) => atMost(r.outbound, 0)],
  ]),
  ...group(
    'Pages',
    ['home', 'take', 'player', 'trending', 'profile'].flatMap((id) => [
      row(`${id}: the app's first-load JS (gzip)`, `≤ ${kB(OWN_JS_BUDGET)} over the bootstrap`, (r) => firstLoad(r, id)),
      ...LIGHTHOUSE.map(([what, target, judge]) => row(`${id}: ${what}`, target, (r) => on(r.pages?.pages[id]?.lighthouse, judge))),
    ]),
  ),
  ...group('Pages', [
    ['Every page route: the app’s first-load JS, as the build lists it', `≤ ${kB(OWN_JS_BUDGET)} over the bootstrap`, everyRoute],
  ]),
  ...group('Memory', [
    [
      'Peak RSS under 50 connections',
      '≤ 300 MB',
      (r) => on(r.rss50, (rss) => [`${MB(rss).toFixed(0)} MB (whole run ${MB(r.peakRss ?? 0).toFixed(0)})`, MB(rss) <= 300]),
    ],
    [`Growth over ${thousands(SPELLINGS)} time-zone spellings, once settled (every one answered 200)`, '< 20 MB', zoneGrowth],
  ]),
  ...group('Errors under load', [['5xx and failed requests', '0', failedUnderLoad]]),
  ...group('Mixed workload', [
    [
      'Feed p50 with 10% reactions vs reads only',
      '≤ 1.5×',
      (r) =>
        pair(r.mixed?.readOnly.feedP50, r.mixed?.withReactions.feedP50, (a, b) => [`${ms(a)} → ${ms(b)} ms (${x(b / a)})`, b <= 1.5 * a]),
    ],
    ['Errors', '0', (r) => r.mixed && atMost(r.mixed.readOnly.errors + r.mixed.withReactions.errors, 0)],
    ['Counters and ranking keys that disagree with their facts afterwards', '0', (r) => counters(r.mixed?.counters)],
  ]),
  ...group('Live updates', [
    ['Database commands of 60 s of polls with nothing changing', '0', (r) => atMost(r.live?.quiet.commands, 0)],
    [
      'Polls answered 304 with nothing changing',
      '≥ 95%',
      (r) => on(r.live?.quiet, (q) => [`${((100 * q.notModified) / q.requests).toFixed(1)}%`, q.notModified >= 0.95 * q.requests]),
    ],
    ['A feed poll answered 304 vs the cached feed page, p50 in turns', '≤ 1×', (r) => inTurns(r.live?.pollVsPage, 1)],
    [
      'A new take seen by every feed tab that polled after it',
      `≤ ${s(INTERVALS.feed + 2000, 0)}`,
      (r) => on(r.live, (l) => [`last ${s(l.takeSeenMs)} (${l.tabsSeen} tabs)`, l.takeSeenMs <= INTERVALS.feed + 2000]),
    ],
    [
      'A reaction seen by the first poll of its take',
      `≤ ${s(INTERVALS.take + 2000, 0)}`,
      (r) => on(r.live, (l) => [`max ${s(l.reactionSeenMs)}, ${l.unseen} unseen`, l.reactionSeenMs <= INTERVALS.take + 2000 && !l.unseen]),
    ],
    ['Poll errors', '0', (r) => r.live && atMost(r.live.quiet.errors + r.live.writes.errors, 0)],
  ]),
  ...group('npm run dev', [
    [
      'The first username check on a first start, from typing a free name to its answer (500 ms debounce included)',
      '≤ 2.0 s',
      (r) => on(r.dev, (d) => [s(d.usernameCheckMs), d.usernameCheckMs <= 2000]),
    ],
  ]),
  ...group('Filters', [
    [
      'Feed read p50 with 50 muted words, 5 players and 3 shielded teams vs none, in turns',
      '≤ 1.3×',
      (r) => inTurns(r.filtered?.turns, 1.3),
    ],
  ]),
  ...group('Calls', [
    [
      `One final settling ${thousands(CALLS)} calls: the league console's request`,
      'all settled, ≤ 3 s',
      (r) => on(r.settle, (c) => [`${thousands(c.settled)} settled, ${ms(c.ms)} ms`, c.settled === CALLS && c.ms <= 3000]),
    ],
    [`One final settling ${thousands(CALLS)} calls: its database commands`, '≤ 40', (r) => atMost(r.settle?.commands, 40)],
    [
      `Feed read p50 while corrections settle the ${thousands(CALLS)} again vs with nothing written, in turns`,
      '≤ 1.3×',
      (r) => inTurns(r.settle?.feed, 1.3),
    ],
  ]),
];

/** Every budget judged on every data set it applies to, in the list's order. */
export function judge(/** @type {{ id: string; label: string; results: Results }[]} */ sets) {
  return BUDGETS.flatMap(({ group, name, target, sets: only, judge }) =>
    sets.flatMap((s) => {
      const judged = !only || only.includes(s.id) ? judge(s.results) : undefined;
      return judged ? [{ group, name: `${name}, ${s.label}`, target, measured: judged[0], met: judged[1] }] : [];
    }),
  );
}
