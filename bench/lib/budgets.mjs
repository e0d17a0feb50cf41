// @ts-check
// Every budget the benchmark judges, in one list. A row names what it holds a data set to and judges that set's
// results (bench/lib/context.mjs Results): `judge` gives what was measured and whether it is within the target, or
// nothing when the run did not measure it (the row is then left out). Adding a budget is a measurement stored in the
// results by a section, and one row here (bench/README.md, "Adding a budget").
import { INTERVALS } from './live.mjs';
import { percentile } from './measure.mjs';
import { CALLS } from './settle.mjs';
import { SPELLINGS } from './zones.mjs';

/** @typedef {import('./context.mjs').Results} Results */
/** @typedef {[measured: string, met: boolean] | undefined} Judged */
/** @typedef {{ group: string; name: string; target: string; sets?: string[]; judge: (r: Results) => Judged }} Budget */

/** Milliseconds as the report prints them: a tenth below 10, whole ones above. */
export const ms = (/** @type {number} */ n) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : String(Math.round(n)));
export const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (/** @type {number} */ bytes) => bytes / 2 ** 20;
const x = (/** @type {number} */ ratio) => `${ratio.toFixed(2)}×`;

/** The app's own first-load JavaScript over the framework's bootstrap (about 132 kB with Next 16.4 and React 19.3). */
export const OWN_JS_BUDGET = 30_000;

/**
 * A budget judged on two requests timed in turns (bench/lib/measure.mjs inTurns): not judged when a request failed.
 * @param {import('./measure.mjs').Turns | undefined} t
 * @param {(a: number, b: number) => boolean} holds
 * @returns {Judged}
 */
const inTurns = (t, holds, ratio = false) =>
  t && !t.failed ? [`${ms(t.a)} vs ${ms(t.b)} ms (${ratio ? `${x(t.a / t.b)}, ` : ''}${t.rounds} of each)`, holds(t.a, t.b)] : undefined;

/** Whether `a` is within `times` `b` (or `slack` ms more: a fraction of a millisecond is noise at a few ms). */
const within =
  (times = 1, slack = 0) =>
  (/** @type {number} */ a, /** @type {number} */ b) =>
    a <= Math.max(b * times, b + slack);

/** The app's throughput on a feed page against the raw driver's. @returns {Judged} */
const vsRaw = (/** @type {Results} */ r, /** @type {'feed-p1' | 'feed-p5'} */ id) => {
  const [app, raw] = [r.endpoints?.[id]?.load?.rps, r.baselines?.[id]?.rps];
  if (app === undefined || raw === undefined) return undefined;
  // On a large set the raw driver scans the collection for every page, and may answer none within the run.
  return [`${app.toFixed(0)} vs ${raw.toFixed(0)} req/s${raw ? ` (${x(app / raw)})` : ''}`, app >= 0.5 * raw];
};

/** A p50 of the app's against the cached feed page's; below a few ms, a millisecond or two is autocannon's rounding. */
const vsFeed = (/** @type {Results} */ r, /** @type {string} */ id, times = 2, slack = 2) => {
  const [a, b] = [r.endpoints?.[id]?.load?.p50, r.endpoints?.['feed-p1']?.load?.p50];
  return a === undefined || b === undefined
    ? undefined
    : /** @type {Judged} */ ([`${a} vs ${b} ms (${x(a / b)})`, within(times, slack)(a, b)]);
};

/** Commands of one list read cold at a small and a large page: at most 3, and the same at both. @returns {Judged} */
const pages = (/** @type {[number, number] | undefined} */ p, extra = '') =>
  p ? [`${extra}${p[0]} / ${p[1]}`, p[0] === p[1] && p[1] <= 3] : undefined;

/** A count within `most`, when it was measured. @returns {Judged} */
const atMost = (/** @type {number | undefined} */ n, /** @type {number} */ most) => (n === undefined ? undefined : [String(n), n <= most]);
/** The counters' dry run: every counter and ranking key equal to its facts. @returns {Judged} */
const counters = (/** @type {import('./writes.mjs').Counters | undefined} */ c) =>
  c && ('error' in c ? [`check failed: ${c.error}`, false] : atMost(c.counters + c.rankingKeys, 0));
/** A page's Lighthouse figures, judged by `judge`. */
const lighthouse =
  (/** @type {string} */ id, /** @type {(l: import('./pages.mjs').Lighthouse) => Judged} */ judge) => (/** @type {Results} */ r) => {
    const l = r.pages?.pages[id]?.lighthouse;
    return l && judge(l);
  };
/** The app's own share of a first load: what it loads over the bootstrap. */
const own = (/** @type {Results} */ r, /** @type {number} */ js) => js - (r.pages?.bootstrap ?? 0);

/**
 * A group of budgets: [name, target, judge, the data sets it applies to (every one when left out)].
 * @param {string} group
 * @param {[string, string, (r: Results) => Judged, string[]?][]} rows
 * @returns {Budget[]}
 */
const group = (group, rows) => rows.map(([name, target, judge, sets]) => ({ group, name, target, judge, ...(sets ? { sets } : {}) }));

/** @type {Budget[]} */
export const BUDGETS = [
  ...group('Throughput vs raw driver', [
    ['Feed page 1', '≥ 0.5×', (r) => vsRaw(r, 'feed-p1')],
    ['Feed page 5', '≥ 0.5×', (r) => vsRaw(r, 'feed-p5')],
  ]),
  ...group('Game thread vs feed', [
    ["Game thread page 1 p50 vs the feed's, in turns", '≤ 1.2× the feed page', (r) => inTurns(r.gameVsFeed?.p1, within(1.2, 1))],
    ["Game thread page 5 p50 vs the feed's, in turns", '≤ 1.2× the feed page', (r) => inTurns(r.gameVsFeed?.p5, within(1.2, 1))],
  ]),
  ...group('DB commands per request', [
    ['Feed (page 10 / 50)', '≤ 3, same at both sizes', (r) => pages(r.pageSizes?.feed)],
    ['Take page', '≤ 4', (r) => atMost(r.endpoints?.['take-page']?.warm.commands, 4)],
    [
      'Entity page (cold SSR; API page 10 / 50)',
      '≤ 3, same at both sizes',
      (r) => {
        const cold = r.entityPageCold ?? NaN;
        const judged = pages(r.pageSizes?.entity, `${cold}; `);
        return judged && [judged[0], judged[1] && cold <= 3];
      },
    ],
    ['Comments page (page 15 / 50)', '≤ 3, same at both sizes', (r) => pages(r.pageSizes?.comments)],
    ['A like', '≤ 4', (r) => atMost(r.writes?.[0]?.commands, 4)],
    [
      'Each write on a take (like, switch, favorite, unfavorite, share)',
      '≤ 4',
      (r) => r.writes && [r.writes.map((w) => w.commands).join(' / '), r.writes.every((w) => w.commands <= 4)],
    ],
  ]),
  ...group('Callers board', [
    [
      'Board page 1 (API) p50 vs cached feed page, and its commands cold',
      'p50 ≤ 1.2× the cached feed page, ≤ 3 commands',
      (r) => {
        const judged = vsFeed(r, 'callers-p1', 1.2, 1);
        const commands = r.endpoints?.['callers-p1']?.cold.commands ?? NaN;
        return judged && [`${judged[0]}; ${commands}`, judged[1] && commands <= 3];
      },
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
      (r) => r.likeLoop && [`${r.likeLoop.rps.toFixed(0)} req/s, ${r.likeLoop.errors} errors`, r.likeLoop.rps >= 35 && !r.likeLoop.errors],
    ],
    ['Counters and ranking keys that disagree with their facts after the likes', '0', (r) => counters(r.counters)],
  ]),
  ...group('Capture image', [
    ['p50 vs text-only render, in turns', '≤ 2×', (r) => inTurns(r.shareImage, within(2), true)],
    ['Outbound network connections', '0', (r) => atMost(r.outbound, 0)],
  ]),
  ...group(
    'Pages',
    ['home', 'take', 'player', 'trending', 'profile'].flatMap((id) => [
      [
        `${id}: the app's first-load JS (gzip)`,
        `≤ ${kB(OWN_JS_BUDGET)} over the bootstrap`,
        (r) => {
          const p = r.pages?.pages[id];
          const preloaded = p?.preloaded ? ` (${kB(p.preloaded)} of it next/dynamic chunks it preloads)` : '';
          return p && [`${kB(own(r, p.js))}${preloaded}`, own(r, p.js) <= OWN_JS_BUDGET];
        },
      ],
      [
        `${id}: Lighthouse mobile performance, the median run`,
        '≥ 95',
        lighthouse(id, (l) => [`${percentile(l.scores)} (${l.scores.join(', ')})`, percentile(l.scores) >= 95]),
      ],
      [
        `${id}: TBT, the median of the runs`,
        '≤ 150 ms',
        lighthouse(id, (l) => [`${ms(l.tbt)} ms (${l.tbtRuns.map(ms).join(', ')})`, l.tbt <= 150]),
      ],
      [
        `${id}: LCP, observed under DevTools throttling`,
        '≤ 2.0 s',
        lighthouse(id, (l) => [`${(l.lcpThrottled / 1000).toFixed(2)} s`, l.lcpThrottled <= 2000]),
      ],
      [`${id}: CLS`, '≤ 0.02', lighthouse(id, (l) => [l.cls.toFixed(3), l.cls <= 0.02])],
    ]),
  ),
  ...group('Pages', [
    [
      'Every page route: the app’s first-load JS, as the build lists it',
      `≤ ${kB(OWN_JS_BUDGET)} over the bootstrap`,
      (r) => {
        const [most, ...rest] = r.pages?.routes ?? [];
        const over = [most, ...rest].filter((route) => route && own(r, route.js) > OWN_JS_BUDGET);
        return most && [`${rest.length + 1} routes, the most \`${most.route}\` ${kB(own(r, most.js))}`, over.length === 0];
      },
    ],
  ]),
  ...group('Memory', [
    [
      'Peak RSS under 50 connections',
      '≤ 300 MB',
      (r) =>
        r.rss50 === undefined
          ? undefined
          : [`${MB(r.rss50).toFixed(0)} MB (whole run ${MB(r.peakRss ?? 0).toFixed(0)})`, MB(r.rss50) <= 300],
    ],
    [
      `Growth over ${SPELLINGS.toLocaleString('en-US')} time-zone spellings, once settled (every one answered 200)`,
      '< 20 MB',
      (r) => {
        const z = r.zones;
        if (!z) return undefined;
        const growth = MB(z.after - z.before);
        const answers = Object.entries(z.statuses).map(([status, n]) => `${n.toLocaleString('en-US')} × ${status}`);
        return [
          `${growth.toFixed(1)} MB (${MB(z.before).toFixed(0)} → ${MB(z.after).toFixed(0)} MB; ${answers.join(', ')})`,
          growth < 20 && z.statuses['200'] === z.spellings,
        ];
      },
    ],
  ]),
  ...group('Errors under load', [
    [
      '5xx and failed requests',
      '0',
      (r) => {
        const runs = [...Object.values(r.endpoints ?? {}).map((e) => e.load), r.likeLoop].filter((l) => l !== undefined);
        return runs.length
          ? atMost(
              runs.reduce((n, l) => n + l.status5xx + l.errors, 0),
              0,
            )
          : undefined;
      },
    ],
  ]),
  ...group('Mixed workload', [
    [
      'Feed p50 with 10% reactions vs reads only',
      '≤ 1.5×',
      (r) => {
        const [a, b] = [r.mixed?.readOnly.feedP50 ?? NaN, r.mixed?.withReactions.feedP50 ?? NaN];
        return r.mixed && [`${ms(a)} → ${ms(b)} ms (${x(b / a)})`, b <= 1.5 * a];
      },
    ],
    ['Errors', '0', (r) => r.mixed && atMost(r.mixed.readOnly.errors + r.mixed.withReactions.errors, 0)],
    ['Counters and ranking keys that disagree with their facts afterwards', '0', (r) => counters(r.mixed?.counters)],
  ]),
  ...group('Live updates', [
    ['Database commands of 60 s of polls with nothing changing', '0', (r) => atMost(r.live?.quiet.commands, 0)],
    [
      'Polls answered 304 with nothing changing',
      '≥ 95%',
      (r) =>
        r.live && [
          `${((100 * r.live.quiet.notModified) / r.live.quiet.requests).toFixed(1)}%`,
          r.live.quiet.notModified >= 0.95 * r.live.quiet.requests,
        ],
    ],
    ['A feed poll answered 304 vs the cached feed page, p50 in turns', '≤ 1×', (r) => inTurns(r.live?.pollVsPage, within(1))],
    [
      'A new take seen by every feed tab that polled after it',
      `≤ ${(INTERVALS.feed + 2000) / 1000} s`,
      (r) =>
        r.live && [`last ${(r.live.takeSeenMs / 1000).toFixed(1)} s (${r.live.tabsSeen} tabs)`, r.live.takeSeenMs <= INTERVALS.feed + 2000],
    ],
    [
      'A reaction seen by the first poll of its take',
      `≤ ${(INTERVALS.take + 2000) / 1000} s`,
      (r) =>
        r.live && [
          `max ${(r.live.reactionSeenMs / 1000).toFixed(1)} s, ${r.live.unseen} unseen`,
          r.live.reactionSeenMs <= INTERVALS.take + 2000 && !r.live.unseen,
        ],
    ],
    ['Poll errors', '0', (r) => r.live && atMost(r.live.quiet.errors + r.live.writes.errors, 0)],
  ]),
  ...group('npm run dev', [
    [
      'The first username check on a first start, from typing a free name to its answer (500 ms debounce included)',
      '≤ 2.0 s',
      (r) => r.dev && [`${(r.dev.usernameCheckMs / 1000).toFixed(1)} s`, r.dev.usernameCheckMs <= 2000],
    ],
  ]),
  ...group('Filters', [
    [
      'Feed read p50 with 50 muted words, 5 players and 3 shielded teams vs none, in turns',
      '≤ 1.3×',
      (r) => inTurns(r.filtered?.turns, within(1.3), true),
    ],
  ]),
  ...group('Calls', [
    [
      `One final settling ${CALLS.toLocaleString('en-US')} calls: the league console's request`,
      'all settled, ≤ 3 s',
      (r) =>
        r.settle && [
          `${r.settle.settled.toLocaleString('en-US')} settled, ${ms(r.settle.ms)} ms`,
          r.settle.settled === CALLS && r.settle.ms <= 3000,
        ],
    ],
    [`One final settling ${CALLS.toLocaleString('en-US')} calls: its database commands`, '≤ 40', (r) => atMost(r.settle?.commands, 40)],
    [
      `Feed read p50 while corrections settle the ${CALLS.toLocaleString('en-US')} again vs with nothing written, in turns`,
      '≤ 1.3×',
      (r) => inTurns(r.settle?.feed, within(1.3), true),
    ],
  ]),
];

/**
 * Every budget judged on every data set it applies to, in the list's order.
 * @param {{ id: string; label: string; results: Results }[]} sets
 */
export function judge(sets) {
  return BUDGETS.flatMap((b) =>
    sets
      .filter((s) => !b.sets || b.sets.includes(s.id))
      .flatMap((s) => {
        const judged = b.judge(s.results);
        return judged ? [{ group: b.group, name: `${b.name}, ${s.label}`, target: b.target, measured: judged[0], met: judged[1] }] : [];
      }),
  );
}
