// @ts-check
// Turns a run's measurements into report.json, report.md (summary, budgets,
// details) and latency.svg (p50/p99 per endpoint and data set).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { latencyChart } from './chart.mjs';
import { devBudgets, devSection } from './dev-report.mjs';
import { filtersBudgets, filtersSection } from './filters-report.mjs';
import { liveBudgets, liveOf, liveSection } from './live-report.mjs';
import { mixedBudgets, mixedSection } from './mixed-report.mjs';
import { settleBudgets, settleSection } from './settle-report.mjs';
import { judgedInTurns } from './measure.mjs';
import { OWN_JS_BUDGET_BYTES } from './pages.mjs';

/** @typedef {import('./measure.mjs').Load} Load */
/** @typedef {import('./measure.mjs').PerRequest} PerRequest */
/** @typedef {import('./measure.mjs').Turns} Turns */
/** @typedef {import('./pages.mjs').Page} Page */
/** @typedef {import('./pages.mjs').Pages} Pages */
/** @typedef {import('./pages.mjs').Lighthouse} Lighthouse */
/** @typedef {{ ms: number; status: number; commands: number | null; docs: number | null; ops: string[] }} FirstRequest */
/** @typedef {{ samples: number; ms: number | null; commands: number | null; docs: number | null; ops: string[] }} ColdRead */
/**
 * One endpoint's figures: its first request after a restart, warm requests (or the first again, when it was too slow
 * to repeat), the median cold read after a write (cached lists on the demo seed) and the load run.
 * @typedef {{
 *   label: string;
 *   path: string;
 *   cached: boolean;
 *   afterRestart?: FirstRequest;
 *   warm?: PerRequest | FirstRequest;
 *   cold?: ColdRead;
 *   load?: Load;
 *   cost?: { appMs: number; databaseMs: number | null; requests: number; failed: number };
 * }} EndpointResult
 */
/** @typedef {{ label: string; path: string; connections?: number; load: Load }} BaselineResult */
/** @typedef {Record<'users' | 'takes' | 'comments' | 'actions' | 'receiptVotes' | 'follows' | 'reports' | 'entityStats' | 'seconds', number>} SetCounts */
/**
 * Every figure for one data set (bench/run.mjs measureSet); the demo seed's also has the pages.
 * @typedef {{
 *   set: string;
 *   takes: number;
 *   endpoints: Record<string, EndpointResult>;
 *   phaseSeconds: Record<string, number>;
 *   pageSizes?: Record<string, { small: PerRequest; large: PerRequest }>;
 *   writes?: import('./mixed.mjs').WriteCommand[];
 *   mixed?: import('./mixed.mjs').Mixed;
 *   live?: import('./live.mjs').LiveRun;
 *   filteredFeed?: import('./filters.mjs').FilteredFeed;
 *   settle?: import('./settle.mjs').Settlement;
 *   like?: PerRequest;
 *   likeLoop?: Load;
 *   countersAfterLikes?: import('./mixed.mjs').Counters;
 *   baselines?: Record<string, BaselineResult>;
 *   shareImage?: Turns;
 *   gameVsFeed?: { p1: Turns; p5: Turns };
 *   pagesPeakRssBytes?: number;
 *   peakRssBytes: number;
 *   outboundConnections: { host: string; port: number; at: number }[];
 * } & Partial<Pages>} SetMeasures
 */
/** @typedef {SetMeasures & { id: string; budgeted: boolean; large?: boolean; counts?: SetCounts }} MeasuredSet */
/**
 * @typedef {{
 *   startedAt: string;
 *   minutes: number;
 *   durationPerEndpoint: number;
 *   lighthouseRuns: number;
 *   machine: { cpus: number; memoryGb: number; node: string; loadBefore: number; loadAfter: number };
 *   dist: string;
 * }} Meta
 */
/** @typedef {{ group: string; name: string; target: string; measured: string; met: boolean | null }} Budget */

const round = (/** @type {number | null | undefined} */ n, digits = 0) => (n == null || Number.isNaN(n) ? null : Number(n.toFixed(digits)));
const cell = (/** @type {number | null | undefined} */ n, digits = 0) => (n == null ? '–' : String(round(n, digits)));
const ratio = (/** @type {number | null | undefined} */ a, /** @type {number | null | undefined} */ b) =>
  a == null || b == null || b === 0 ? null : a / b;
const mb = (/** @type {number} */ bytes) => bytes / 2 ** 20;
const kb = (/** @type {number} */ bytes) => bytes / 1000;

const OWN_JS_BUDGET = `≤ ${kb(OWN_JS_BUDGET_BYTES).toFixed(0)} kB over the bootstrap`;
/** The app's share of a first load: what it loads beyond the framework's bootstrap. */
const ownJs = (/** @type {import('./pages.mjs').ScriptBytes} */ js, /** @type {import('./pages.mjs').ScriptBytes} */ framework) =>
  js.gzipBytes - framework.gzipBytes;

/**
 * The pages' budgets, judged on the demo seed: per measured page its first load and Lighthouse figures, and the
 * first-load budget over every page route of the build.
 * @param {Partial<Pages>} [measured]
 */
function pageBudgets({ pages = /** @type {Pages['pages']} */ ({}), frameworkJs, routes = [] } = {}) {
  /** @type {Budget[]} */
  const out = [];
  /** @type {(name: string, target: string, measured: string, met: boolean | null) => number} */
  const add = (name, target, measured, met) => out.push({ group: 'Pages (demo seed)', name, target, measured, met });
  for (const [id, page] of Object.entries(pages)) {
    // Lighthouse's performance runs always measure these.
    const lh = /** @type {(Lighthouse & { cls: number; tbtMs: number }) | undefined} */ (page.lighthouse);
    const lcp = lh?.throttledLcpMs ?? null;
    const own = frameworkJs ? ownJs(page.firstLoadJs, frameworkJs) : null;
    const dynamic = page.firstLoadJs.preloaded?.gzipBytes ?? 0;
    add(
      `${id}: the app's first-load JS (gzip)`,
      OWN_JS_BUDGET,
      own == null
        ? '–'
        : `${kb(own).toFixed(1)} kB${dynamic ? ` (${kb(dynamic).toFixed(1)} kB of it next/dynamic chunks the page preloads)` : ''}`,
      own == null ? null : own <= OWN_JS_BUDGET_BYTES,
    );
    add(`${id}: Lighthouse mobile performance`, '≥ 95', lh ? String(lh.performance) : '–', lh ? lh.performance >= 95 : null);
    add(
      `${id}: TBT, the median of the runs`,
      '≤ 150 ms',
      lh ? `${cell(lh.tbtMs)} ms${lh.tbtRunsMs?.length ? ` (${lh.tbtRunsMs.map((t) => cell(t)).join(', ')})` : ''}` : '–',
      lh ? lh.tbtMs <= 150 : null,
    );
    add(
      `${id}: LCP, observed under DevTools throttling`,
      '≤ 2.0 s',
      lcp == null ? '–' : `${(lcp / 1000).toFixed(2)} s`,
      lcp == null ? null : lcp <= 2000,
    );
    add(`${id}: CLS`, '≤ 0.02', lh ? lh.cls.toFixed(3) : '–', lh ? lh.cls <= 0.02 : null);
  }
  if (frameworkJs && routes.length) {
    const over = routes.filter((r) => ownJs(r, frameworkJs) > OWN_JS_BUDGET_BYTES);
    const [heaviest] = routes;
    add(
      `Every page route (${routes.length}): the app's first-load JS, as the build lists it`,
      OWN_JS_BUDGET,
      over.length
        ? `over: ${over.map((r) => `\`${r.route}\` ${kb(ownJs(r, frameworkJs)).toFixed(1)} kB`).join(', ')}`
        : `all within; the most \`${heaviest?.route}\` ${kb(ownJs(/** @type {import('./pages.mjs').RouteScripts} */ (heaviest), frameworkJs)).toFixed(1)} kB`,
      over.length === 0,
    );
  }
  return out;
}

/**
 * Every budget of the issue, judged on this run. `met` is null when the run could not measure it.
 * @param {MeasuredSet[]} sets
 * @param {import('./dev.mjs').DevFirstHits} [dev] npm run dev's first hits
 */
function budgets(sets, dev) {
  const [demo] = /** @type {[MeasuredSet, ...MeasuredSet[]]} */ (sets);
  const scaled = sets.find((s) => s.budgeted);
  /** @type {Budget[]} */
  const out = [];
  /** @type {(group: string, name: string, target: string, measured: string, met: boolean | null) => number} */
  const add = (group, name, target, measured, met) => out.push({ group, name, target, measured, met });

  // The take read is not held to the raw driver: a request of the app's costs Next's own per-request work, more than
  // the raw driver's whole answer to one take (bench/README.md, "Reading it"); its budgets are the cached feed page's
  // (Local engine) and its commands.
  for (const set of sets) {
    for (const [id, name] of /** @type {[string, string][]} */ ([
      ['feed-p1', 'Feed page 1'],
      ['feed-p5', 'Feed page 5'],
    ])) {
      const r = ratio(set.endpoints[id]?.load?.rps, set.baselines?.[id]?.load?.rps);
      add('Throughput vs raw driver', `${name}, ${set.set}`, '≥ 0.5×', r == null ? '–' : `${r.toFixed(2)}×`, r == null ? null : r >= 0.5);
    }
  }

  // A game night's thread (issue 37) pages like the feed: each page's warm p50 beside the feed page's, timed in turns.
  for (const set of sets) {
    for (const [page, name] of /** @type {['p1' | 'p5', string][]} */ ([
      ['p1', 'Game thread page 1'],
      ['p5', 'Game thread page 5'],
    ])) {
      const turns = set.gameVsFeed?.[page];
      if (!turns) continue;
      const { measured, met } = judgedInTurns(turns, (thread, feed) => thread <= Math.max(feed * 1.2, feed + 1));
      add('Game thread vs feed', `${name} p50 vs the feed's, in turns, ${set.set}`, '≤ 1.2× the feed page', measured, met);
    }
  }

  // A cached list's commands are those of a cold read (a warm one sends none); others', any request's.
  const cmds = (/** @type {MeasuredSet} */ set, /** @type {string} */ id) =>
    set.endpoints[id]?.cold?.commands ??
    (set.endpoints[id]?.cached ? set.endpoints[id]?.afterRestart?.commands : set.endpoints[id]?.warm?.commands);
  const pair = (/** @type {{ small: PerRequest; large: PerRequest }} */ p) => `${cell(p.small.commands, 1)} / ${cell(p.large.commands, 1)}`;
  const same = (/** @type {{ small: PerRequest; large: PerRequest }} */ p) => p.small.commands === p.large.commands;
  for (const set of sets) {
    const { feed, entity, comments } = set.pageSizes ?? {};
    if (feed)
      add(
        'DB commands per request',
        `Feed, ${set.set} (page 10 / 50)`,
        '≤ 3, same at both sizes',
        pair(feed),
        same(feed) && feed.large.commands <= 3,
      );
    add(
      'DB commands per request',
      `Take page, ${set.set}`,
      '≤ 4',
      cell(cmds(set, 'take-page'), 1),
      cmds(set, 'take-page') == null ? null : /** @type {number} */ (cmds(set, 'take-page')) <= 4,
    );
    const page = cmds(set, 'player-page');
    if (entity)
      add(
        'DB commands per request',
        `Entity page, ${set.set} (cold SSR; API page 10 / 50)`,
        '≤ 3, same at both sizes',
        `${cell(page, 1)}; ${pair(entity)}`,
        same(entity) && entity.large.commands <= 3 && /** @type {number} */ (page) <= 3,
      );
    if (comments)
      add(
        'DB commands per request',
        `Comments page, ${set.set} (page 15 / 50)`,
        '≤ 3, same at both sizes',
        pair(comments),
        same(comments) && comments.large.commands <= 3,
      );
    add('DB commands per request', `A like, ${set.set}`, '≤ 4', cell(set.like?.commands, 1), set.like ? set.like.commands <= 4 : null);
  }

  // The callers board (issue 28): as fast as the cached feed page within 20%, and at most 3 commands when its page is cold.
  for (const set of sets) {
    const board = set.endpoints['callers-p1'];
    if (!board) continue;
    const [p50, feed] = [board.load?.p50, set.endpoints['feed-p1']?.load?.p50];
    const r = ratio(p50, feed);
    const commands = cmds(set, 'callers-p1');
    add(
      'Callers board',
      `Board page 1 (API) p50 vs cached feed page, and commands, ${set.set}`,
      'p50 ≤ 1.2× the cached feed page, ≤ 3 commands',
      `${r == null ? '–' : `${r.toFixed(2)}×`}; ${cell(commands, 1)}`,
      // autocannon reports whole milliseconds: below a few, one more millisecond is the rounding, not the page.
      p50 == null || feed == null || commands == null ? null : p50 <= Math.max(feed * 1.2, feed + 1) && commands <= 3,
    );
  }

  // The local engine (issue 16): uncached reads within 2x the cached feed, 50 fans' writes at 35 req/s, exact counters.
  const feedP50 = (/** @type {MeasuredSet} */ set) => set.endpoints['feed-p1']?.load?.p50;
  for (const id of ['comments', 'search', 'take-api', 'player-api']) {
    const p50 = demo.endpoints[id]?.load?.p50;
    const r = ratio(p50, feedP50(demo));
    add(
      'Local engine',
      `${demo.endpoints[id]?.label} p50 vs cached feed page, ${demo.set}`,
      '≤ 2×',
      r == null ? '–' : `${cell(p50)} vs ${cell(feedP50(demo))} ms (${r.toFixed(2)}×)`,
      r == null
        ? null
        : /** @type {number} */ (p50) <= Math.max(2 * /** @type {number} */ (feedP50(demo)), /** @type {number} */ (feedP50(demo)) + 2),
    );
  }
  if (scaled) {
    const p50 = scaled.endpoints.comments?.load?.p50;
    const r = ratio(p50, feedP50(scaled));
    add(
      'Local engine',
      `Comments page p50 vs cached feed page, ${scaled.set}`,
      '≤ 5×',
      r == null ? '–' : `${cell(p50)} vs ${cell(feedP50(scaled))} ms (${r.toFixed(2)}×)`,
      r == null
        ? null
        : /** @type {number} */ (p50) <= Math.max(5 * /** @type {number} */ (feedP50(scaled)), /** @type {number} */ (feedP50(scaled)) + 5),
    );
  }
  // Issue 27: on a set larger than 10k, search and the uncached or window-bound reads stay near the demo's cost.
  for (const large of sets.filter((s) => s.large)) {
    const group = `Reads at ${large.set}`;
    const feed = feedP50(large);
    const search = large.endpoints.search?.load?.p50;
    const r = ratio(search, feed);
    add(
      group,
      'Search p50 vs cached feed page',
      '≤ 2×',
      r == null ? '–' : `${cell(search)} vs ${cell(feed)} ms (${r.toFixed(2)}×)`,
      r == null ? null : /** @type {number} */ (search) <= Math.max(2 * /** @type {number} */ (feed), /** @type {number} */ (feed) + 2),
    );
    for (const id of [
      'trending-12h',
      'trending-24h',
      'trending-week',
      'topics-all',
      'topics-12h',
      'topics-24h',
      'topics-week',
      'player-page',
      'comments',
    ]) {
      const a = demo.endpoints[id]?.load?.p50;
      const b = large.endpoints[id]?.load?.p50;
      const q = ratio(b, a);
      add(
        group,
        `${demo.endpoints[id]?.label ?? id} p50 vs demo`,
        '≤ 1.5×',
        `${cell(a)} → ${cell(b)} ms${q == null ? '' : ` (${q.toFixed(2)}×)`}`,
        a == null || b == null ? null : b <= Math.max(a * 1.5, a + 1),
      );
    }
    const reads = Object.values(large.endpoints).flatMap((e) =>
      [e.warm?.docs, e.cold?.docs, e.afterRestart?.docs].filter((d) => typeof d === 'number').map((docs) => ({ label: e.label, docs })),
    );
    const most = reads.reduce((top, r) => (r.docs > top.docs ? r : top), { label: '–', docs: 0 });
    add(
      group,
      'Documents one request reads, most of any endpoint',
      '≤ 500',
      `${most.docs} (${most.label})`,
      reads.length ? most.docs <= 500 : null,
    );
  }

  const loop = demo.likeLoop;
  add(
    'Local engine',
    `50 fans liking and disliking, ${demo.set}`,
    '≥ 35 req/s, 0 errors',
    loop ? `${cell(loop.rps)} req/s, ${loop.non2xx} non-2xx, ${loop.errors + loop.timeouts} errors` : '–',
    loop ? loop.rps >= 35 && loop.non2xx === 0 && loop.errors + loop.timeouts === 0 : null,
  );
  for (const set of sets) {
    const check = set.countersAfterLikes;
    const off = check && !check.error ? /** @type {number} */ (check.counters) + /** @type {number} */ (check.rankingKeys) : null;
    add(
      'Local engine',
      `Counters and ranking keys that disagree with their facts after the likes, ${set.set}`,
      '0',
      off == null ? '–' : String(off),
      off == null ? null : off === 0,
    );
  }

  for (const set of sets) {
    // Timed in turns with its text-only render (bench/lib/measure.mjs inTurns), not from two load runs minutes apart.
    const image = set.shareImage && judgedInTurns(set.shareImage, (drawn, textOnly) => drawn <= textOnly * 2, { ratio: true });
    add('Capture image', `p50 vs text-only render, in turns, ${set.set}`, '≤ 2×', image?.measured ?? '–', image?.met ?? null);
    add(
      'Capture image',
      `Outbound network connections, ${set.set}`,
      '0',
      String(set.outboundConnections.length),
      set.outboundConnections.length === 0,
    );
  }

  out.push(...pageBudgets(demo));

  for (const set of sets) {
    // The phases with 50 connections open: the feed run and the fans' like loop (when it was loaded, not timed).
    const fifty = [set.endpoints['feed-p1-c50']?.load, set.likeLoop?.sampled ? null : set.likeLoop]
      .filter((l) => l?.peakRssBytes)
      .map((l) => /** @type {number} */ (/** @type {Load} */ (l).peakRssBytes));
    const peak = fifty.length ? Math.max(...fifty) : null;
    add(
      'Memory',
      `Peak RSS under 50 connections, ${set.set}`,
      '≤ 300 MB',
      peak == null ? '–' : `${mb(peak).toFixed(0)} MB (whole run ${mb(set.peakRssBytes).toFixed(0)} MB)`,
      peak == null ? null : mb(peak) <= 300,
    );
    const loads = /** @type {Load[]} */ ([...Object.values(set.endpoints).map((e) => e.load), set.likeLoop].filter(Boolean));
    const fivexx = loads.reduce((n, l) => n + l.status5xx, 0);
    const fourxx = loads.reduce((n, l) => n + l.status4xx, 0);
    const failed = loads.reduce((n, l) => n + l.errors + l.timeouts, 0);
    add(
      'Errors under load',
      `5xx, ${set.set}`,
      '0 (4xx only where deliberate)',
      `${fivexx} 5xx, ${fourxx} 4xx, ${failed} errors/timeouts`,
      fivexx === 0 && failed === 0,
    );
  }
  out.push(...mixedBudgets(sets));
  const { live, where } = liveOf(sets);
  out.push(...liveBudgets(live, where));
  out.push(...devBudgets(dev));
  out.push(...filtersBudgets(sets));
  out.push(...settleBudgets(sets));
  return out;
}

/** Next.js, React and the bundler's runtime: what a page with no code of ours loads too. */
const isFramework = (/** @type {string} */ module) => /^(next|react|react-dom|scheduler|@next|@swc)\/|^\[turbopack\]/.test(module);

/**
 * What one warm request of a cached list costs at the demo seed and at the larger set: reported, not a budget
 * (bench/README.md, item 11, says why it cannot be judged on this engine). What a request asks of the database at
 * both sizes is judged in the DB commands rows.
 * @param {MeasuredSet} demo
 * @param {MeasuredSet} scaled
 */
function warmCostSection(demo, scaled) {
  const ms = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : n.toFixed(1));
  const lines = [
    `## Cost of a warm request, ${demo.set} → ${scaled.set}`,
    '',
    'CPU time per warm request of the app’s processes and of the database server, over 60 sent one at a time.',
    '',
    '| Endpoint | App CPU ms | Database CPU ms | p50 ms |',
    '| --- | --- | --- | --- |',
  ];
  // The lists bench/run.mjs measured a warm cost for (its WARM_COST), in the order of the endpoints.
  for (const [id, a] of Object.entries(demo.endpoints)) {
    const b = scaled.endpoints[id];
    if (!a.cost || !b?.cost) continue;
    lines.push(
      `| ${a.label} | ${ms(a.cost.appMs)} → ${ms(b.cost.appMs)} | ${ms(a.cost.databaseMs)} → ${ms(b.cost.databaseMs)} | ${cell(a.load?.p50)} → ${cell(b.load?.p50)} |`,
    );
  }
  lines.push('');
  return lines;
}

/**
 * The pages section: per page its first-load JS, Lighthouse figures, what holds them back and its largest client modules.
 * @param {Pages} measured
 */
function pagesSection({ pages, frameworkJs, routes = [] }) {
  /** @type {string[]} */
  const lines = [];
  const table = (/** @type {string[]} */ head, /** @type {string[][]} */ rows) => {
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`);
    for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
    lines.push('');
  };
  const runs = /** @type {{ lighthouse: Lighthouse } | undefined} */ (Object.values(pages).find((p) => p.lighthouse))?.lighthouse.runs ?? 1;
  lines.push(
    '## Pages (demo seed)',
    '',
    'First-load JavaScript: every script the HTML loads or preloads (the chunks of next/dynamic components the server rendered), gzipped; the app’s share is what it loads beyond the framework’s bootstrap. Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), performance only' +
      (runs > 1
        ? `; ${runs} runs per page, the median by score reported (every score in brackets), its TBT the median of the runs’ TBT`
        : '') +
      '. LCP throttled: the largest paint in one more run with the same throttling applied by DevTools, which the LCP budget judges (Lighthouse’s simulation counts every script that finished downloading before the paint it saw: bench/README.md). ' +
      'Each page’s line below the table gives the host’s CPU benchmark Lighthouse took before each run: its 4× slowdown is meant for a host of about 1,500, and a lower figure simulates a slower phone, with more TBT.',
    '',
  );
  table(
    ['Page', 'Scripts', 'First-load JS (gzip)', 'The app’s share', 'Performance', 'LCP ms', 'LCP throttled ms', 'FCP ms', 'TBT ms', 'CLS'],
    Object.entries(pages).map(([id, p]) => [
      `${id} (\`${p.path}\`)`,
      String(p.firstLoadJs.scripts),
      `${kb(p.firstLoadJs.gzipBytes).toFixed(1)} kB`,
      frameworkJs ? `${kb(ownJs(p.firstLoadJs, frameworkJs)).toFixed(1)} kB` : '–',
      p.lighthouse ? `${p.lighthouse.performance}${p.lighthouse.runs > 1 ? ` (${p.lighthouse.scores.join(', ')})` : ''}` : '–',
      cell(p.lighthouse?.lcpMs),
      cell(p.lighthouse?.throttledLcpMs),
      cell(p.lighthouse?.fcpMs),
      cell(p.lighthouse?.tbtMs),
      p.lighthouse ? /** @type {number} */ (p.lighthouse.cls).toFixed(3) : '–',
    ]),
  );
  if (frameworkJs) {
    lines.push(
      `Of every page’s first load, ${kb(frameworkJs.gzipBytes).toFixed(1)} kB (${frameworkJs.scripts} scripts) is the framework’s bootstrap: React, the App Router and Turbopack’s runtime, the build manifest’s \`rootMainFiles\`. The rest is the app’s, budgeted at ${OWN_JS_BUDGET} on every page.`,
      '',
    );
  }
  if (frameworkJs && routes.length) {
    lines.push(
      '### First-load JS of every page route',
      '',
      'The scripts the build lists for each page route (its layouts, page and boundaries; read from the client reference manifests, so a new page is measured without an address), gzipped. A next/dynamic component the server renders adds its chunk on top, as the pages above show. For a route over the budget, its heaviest modules of the app’s own follow.',
      '',
    );
    table(
      ['Route', 'Scripts', 'First-load JS (gzip)', 'The app’s share', 'Within the budget'],
      routes.map((r) => [
        `\`${r.route}\``,
        String(r.scripts),
        `${kb(r.gzipBytes).toFixed(1)} kB`,
        `${kb(ownJs(r, frameworkJs)).toFixed(1)} kB`,
        ownJs(r, frameworkJs) <= OWN_JS_BUDGET_BYTES ? 'yes' : '**no**',
      ]),
    );
    for (const r of routes.filter((route) => route.largestModules)) {
      const own = (r.largestModules ?? []).filter((m) => !isFramework(m.module)).slice(0, 10);
      lines.push(
        `- \`${r.route}\`, heaviest of the app’s modules: ${own.map((m) => `\`${m.module}\` ${kb(m.gzipBytes).toFixed(1)} kB`).join(', ')}.`,
      );
    }
    lines.push('');
  }
  for (const [id, p] of Object.entries(pages)) {
    const lh = p.lighthouse;
    if (!lh) continue;
    const shifted = (lh.shifted ?? [])
      .filter((s) => s.node)
      .map((s) => `\`${/** @type {string} */ (s.node).slice(0, 80)}\` (${s.score.toFixed(3)})`);
    const busy = (lh.busiestScripts ?? []).map((b) => `${b.url.split('/').pop() || b.url} ${b.ms} ms`);
    const benchmark = (lh.benchmarkIndexes ?? []).map((b) => cell(b)).join(', ');
    lines.push(
      `- ${id}: LCP element ${lh.lcpElement ? `\`${lh.lcpElement.slice(0, 80)}\`` : '–'}; shifted ${shifted.join(', ') || 'nothing'}; busiest scripts ${busy.join(', ') || '–'}; the host's CPU benchmark (Lighthouse's benchmarkIndex, each run) ${benchmark || '–'}.`,
    );
  }
  lines.push('');
  const ids = /** @type {import('./pages.mjs').PageId[]} */ (Object.keys(pages));
  const appBytes = (/** @type {import('./pages.mjs').PageId} */ id) =>
    (pages[id].largestModules ?? []).filter((m) => !isFramework(m.module)).reduce((n, m) => n + m.gzipBytes, 0);
  lines.push(
    '### Largest client modules',
    '',
    'The ten heaviest modules of each page’s first load, the framework’s and the app’s own apart (a module among the heaviest of one page is shown for all), from the bundle analysis of this build (`next build --analyze`; explore it with `npx next analyze`). ' +
      'Each module is compressed on its own, so a page’s modules add up to more than its scripts’ gzip. ' +
      `The app’s own modules add up to ${ids.map((id) => `${kb(appBytes(id)).toFixed(1)} kB on ${id}`).join(', ')}.`,
    '',
  );
  // Rows: every module among some page's ten heaviest, heaviest first; a cell is blank when the module is not in that page's first load.
  const size = (/** @type {import('./pages.mjs').PageId} */ id, /** @type {string} */ module) =>
    pages[id].largestModules?.find((m) => m.module === module)?.gzipBytes;
  for (const framework of [true, false]) {
    const rows = [
      ...new Set(
        ids.flatMap((id) =>
          (pages[id].largestModules ?? [])
            .filter((m) => isFramework(m.module) === framework)
            .slice(0, 10)
            .map((m) => m.module),
        ),
      ),
    ];
    rows.sort((a, b) => Math.max(...ids.map((id) => size(id, b) ?? 0)) - Math.max(...ids.map((id) => size(id, a) ?? 0)));
    table(
      [framework ? 'Framework module' : 'App module', ...ids.map((id) => `${id} kB`)],
      rows.map((module) => [
        `\`${module}\``,
        ...ids.map((id) => (size(id, module) == null ? '' : kb(/** @type {number} */ (size(id, module))).toFixed(1))),
      ]),
    );
  }
  return lines;
}

const mark = (/** @type {Load | null | undefined} */ l) => (l?.sampled ? '~' : '');
const latency = (/** @type {Load | null | undefined} */ l) => (l ? `${mark(l)}${cell(l.p50)} / ${cell(l.p99)}` : '–');
const throughput = (/** @type {Load | null | undefined} */ l) => (l ? `${mark(l)}${cell(l.rps, l.rps < 10 ? 1 : 0)}` : '–');

const verdict = (/** @type {boolean | null} */ met) => (met === null ? '–' : met ? 'yes' : '**no**');

/**
 * Search and trending beside the same endpoints of an earlier run (`--before <report.json>`), per data set both runs measured.
 * @param {MeasuredSet[]} before
 * @param {MeasuredSet[]} after
 * @returns {string[][]}
 */
function beforeAfterRows(before, after) {
  const ids = ['search', 'trending-12h', 'trending-24h', 'trending-week', 'topics-all', 'topics-12h', 'topics-24h', 'topics-week'];
  const both = after.filter((s) => before.some((b) => b.id === s.id));
  return ids.map((id) => [
    after[0]?.endpoints[id]?.label ?? id,
    ...both.map((s) => {
      const was = before.find((b) => b.id === s.id)?.endpoints[id]?.load;
      const now = s.endpoints[id]?.load;
      return `${latency(was)} → ${latency(now)}`;
    }),
  ]);
}

/**
 * @param {{ meta: Meta; sets: MeasuredSet[]; before?: MeasuredSet[]; dev?: import('./dev.mjs').DevFirstHits }} run
 * @param {Budget[]} judged
 */
function markdown({ meta, sets, before, dev }, judged) {
  const [demo] = /** @type {[MeasuredSet, ...MeasuredSet[]]} */ (sets);
  const ids = Object.keys(demo.endpoints);
  /** @type {string[]} */
  const lines = [];
  const table = (/** @type {string[]} */ head, /** @type {string[][]} */ rows) => {
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`);
    for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
    lines.push('');
  };

  lines.push(
    `# Takes benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.machine.cpus} CPUs, ${meta.machine.memoryGb} GB, Node ${meta.machine.node}. The production build (\`next build\`, served by \`server.mjs\` as \`npm start\` serves it) on the local engine (mongo-java-server, memory backend), ` +
      `loaded by autocannon from a second process, ${meta.durationPerEndpoint} s per endpoint with 10 connections unless noted. The run took ${meta.minutes.toFixed(1)} minutes; ` +
      `the 1-minute load average was ${meta.machine.loadBefore.toFixed(1)} before it and ${meta.machine.loadAfter.toFixed(1)} after. This report measures; it does not fail a build.`,
    '',
    '## Summary',
    '',
    '`cold` is the first read after a write that expired the cached list (median of 3, on the demo seed; on a larger set the first request after a restart, under Cold and warm, is the cold figure); lists without a cache have none. ' +
      'DB commands and documents are per request, counted by the driver’s command monitoring (warm · cold). ' +
      `~ marks an endpoint timed one request at a time instead of loaded: one request took over a second.`,
    '',
  );
  table(
    [
      'Endpoint',
      ...sets.flatMap((s) => [`${s.set} p50 / p99 ms`, `${s.set} req/s`, `${s.set} cold ms`]),
      'DB cmds (demo)',
      'docs (demo)',
      'non-2xx',
    ],
    ids.map((id) => {
      const e = (/** @type {MeasuredSet} */ s) => s.endpoints[id];
      const d = /** @type {EndpointResult} */ (e(demo));
      return [
        d.label,
        ...sets.flatMap((s) => [latency(e(s)?.load), throughput(e(s)?.load), cell(e(s)?.cold?.ms)]),
        `${cell(d.warm?.commands, 1)}${d.cold ? ` · ${cell(d.cold.commands, 1)}` : ''}`,
        `${cell(d.warm?.docs, 1)}${d.cold ? ` · ${cell(d.cold.docs, 1)}` : ''}`,
        sets.map((s) => cell(e(s)?.load?.non2xx)).join(' / '),
      ];
    }),
  );
  table(
    ['Write', ...sets.flatMap((s) => [`${s.set} p50 / p99 ms`, `${s.set} req/s`]), 'DB cmds (demo)', 'non-2xx'],
    [
      [
        `Like / dislike loop, 50 signed-in fans`,
        ...sets.flatMap((s) => [latency(s.likeLoop), throughput(s.likeLoop)]),
        cell(demo.like?.commands, 1),
        sets.map((s) => cell(s.likeLoop?.non2xx)).join(' / '),
      ],
    ],
  );
  if (before) {
    const both = sets.filter((s) => before.some((b) => b.id === s.id));
    lines.push('## Search and trending, before and after', '', 'p50 / p99 ms in the earlier run (`--before`) → this run.', '');
    table(['Endpoint', ...both.map((s) => s.set)], beforeAfterRows(before, sets));
  }
  lines.push('![p50 and p99 latency per endpoint](latency.svg)', '', '## Budgets', '');
  table(
    ['Group', 'Budget', 'Target', 'Measured', 'Met'],
    judged.map((b) => [b.group, b.name, b.target, b.measured, verdict(b.met)]),
  );

  lines.push(
    '## Baselines',
    '',
    'A plain Node `http` server with the mongodb driver and nothing else, on the same database, and a text-only 1080×1920 next/og render.',
    '',
  );
  table(
    ['Baseline', ...sets.flatMap((s) => [`${s.set} p50 / p99 ms`, `${s.set} req/s`, `${s.set} app ÷ baseline req/s`])],
    Object.keys(demo.baselines ?? {}).map((id) => [
      /** @type {BaselineResult} */ (/** @type {Record<string, BaselineResult>} */ (demo.baselines)[id]).label,
      ...sets.flatMap((s) => {
        const b = s.baselines?.[id]?.load;
        const r = ratio(s.endpoints[id]?.load?.rps, b?.rps);
        return [latency(b), throughput(b), r == null ? '–' : `${r.toFixed(2)}×`];
      }),
    ]),
  );

  lines.push(
    '## Cold and warm',
    '',
    'After a restart: the first request to each endpoint in a fresh server, taken in the order listed (the first pays for the connection). After a write: the first read once a new take has expired the lists.',
    '',
  );
  table(
    [
      'Endpoint',
      ...sets.flatMap((s) => [
        `${s.set} after restart ms`,
        `${s.set} after write ms`,
        `${s.set} warm p50 ms`,
        `${s.set} DB cmds warm · cold`,
      ]),
    ],
    ids.map((id) => [
      /** @type {EndpointResult} */ (demo.endpoints[id]).label,
      ...sets.flatMap((s) => {
        const e = s.endpoints[id];
        return [
          cell(e?.afterRestart?.ms),
          cell(e?.cold?.ms),
          cell(e?.load?.p50),
          `${cell(e?.warm?.commands, 1)}${e?.cold ? ` · ${cell(e.cold.commands, 1)}` : ''}`,
        ];
      }),
    ]),
  );

  lines.push(
    '## Page size and N+1',
    '',
    'Commands (and documents) for one cold read at each page size: a number that grows with the page would be a query per item.',
    '',
  );
  table(
    ['List', ...sets.flatMap((s) => [`${s.set} small page`, `${s.set} large page`])],
    /** @type {[string, string][]} */ ([
      ['feed', 'Feed (10 / 50)'],
      ['entity', 'Player takes (10 / 50)'],
      ['comments', 'Comments (15 / 50)'],
    ]).map(([key, label]) => [
      label,
      ...sets.flatMap((s) => {
        const p = s.pageSizes?.[key];
        return p
          ? [
              `${cell(p.small.commands, 1)} cmds, ${cell(p.small.docs)} docs`,
              `${cell(p.large.commands, 1)} cmds, ${cell(p.large.docs)} docs`,
            ]
          : ['–', '–'];
      }),
    ]),
  );
  lines.push(`Commands of a like (${demo.set}): ${demo.like?.ops.join(', ') ?? '–'}.`, '');
  lines.push(...mixedSection(sets));
  const { live, where } = liveOf(sets);
  lines.push(...liveSection(live, where));
  lines.push(...filtersSection(sets));
  lines.push(...settleSection(sets));

  if (demo.pages) lines.push(...pagesSection(/** @type {Pages} */ (demo)));
  lines.push(...devSection(dev));
  const scaled = sets.find((s) => s.budgeted);
  if (scaled) lines.push(...warmCostSection(demo, scaled));

  lines.push('## Data sets and memory', '');
  table(
    ['Data set', 'Takes', 'Users', 'Comments', 'Actions', 'Follows', 'Peak RSS', 'Outbound connections'],
    sets.map((s) => [
      s.set,
      String(s.takes),
      cell(s.counts?.users),
      cell(s.counts?.comments),
      cell(s.counts?.actions),
      cell(s.counts?.follows),
      `${mb(s.peakRssBytes).toFixed(0)} MB`,
      String(s.outboundConnections.length),
    ]),
  );
  for (const s of sets) {
    const phases = /** @type {[string, number][]} */ ([
      ...Object.values(s.endpoints)
        .filter((e) => e.load?.peakRssBytes)
        .map((e) => [e.label, /** @type {Load} */ (e.load).peakRssBytes]),
      ...(s.likeLoop?.peakRssBytes ? [['Like / dislike loop', s.likeLoop.peakRssBytes]] : []),
      ...(s.mixed?.peakRssBytes ? [['Mixed workload', s.mixed.peakRssBytes]] : []),
      ...(s.pagesPeakRssBytes ? [['Lighthouse runs', s.pagesPeakRssBytes]] : []),
    ]).sort((a, b) => b[1] - a[1]);
    lines.push(
      `Highest memory, ${s.set}: ${phases
        .slice(0, 4)
        .map(([label, bytes]) => `${label} ${mb(bytes).toFixed(0)} MB`)
        .join(', ')}.`,
      '',
    );
    lines.push(
      `Time per phase, ${s.set}: ${Object.entries(s.phaseSeconds ?? {})
        .map(([name, seconds]) => `${name} ${seconds} s`)
        .join(', ')}.`,
      '',
    );
  }
  lines.push(
    'The demo seed is scripts/seed.ts; the synthetic set joins demo-shaped worlds (bench/seed-set.ts), so its proportions are the demo’s. Fans sign in with real auth-emulator tokens, each from an address of its own, under the real abuse limits.',
    '',
  );
  return lines.join('\n');
}

/**
 * `--pages-only`: report.md and report.json with the pages section and its budgets alone.
 * @param {string} dir
 * @param {{ meta: Meta; pages: Pages }} run
 */
export function writePagesReport(dir, { meta, pages }) {
  const judged = pageBudgets(pages);
  const lines = [
    `# Takes pages benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.machine.cpus} CPUs, ${meta.machine.memoryGb} GB, Node ${meta.machine.node}. The production build (\`next build\`, served by \`server.mjs\` as \`npm start\` serves it) on the demo seed, pages only (\`npm run bench -- --pages-only\`). ` +
      `The run took ${meta.minutes.toFixed(1)} minutes; the 1-minute load average was ${meta.machine.loadBefore.toFixed(1)} before it and ${meta.machine.loadAfter.toFixed(1)} after: Lighthouse’s CPU figures suffer on a busy machine.`,
    '',
    '## Budgets',
    '',
    '| Group | Budget | Target | Measured | Met |',
    '| --- | --- | --- | --- | --- |',
    ...judged.map((b) => `| ${b.group} | ${b.name} | ${b.target} | ${b.measured} | ${verdict(b.met)} |`),
    '',
    ...pagesSection(pages),
  ];
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') };
  writeFileSync(files.json, `${JSON.stringify({ meta, ...pages, budgets: judged }, null, 2)}\n`);
  writeFileSync(files.markdown, `${lines.join('\n')}\n`);
  return files;
}

/**
 * @param {string} dir
 * @param {{ meta: Meta; sets: MeasuredSet[]; before?: MeasuredSet[]; dev?: import('./dev.mjs').DevFirstHits }} run
 */
export function writeReport(dir, run) {
  const judged = budgets(run.sets, run.dev);
  const rows = run.sets.flatMap((s) => [
    ...Object.values(s.endpoints)
      .filter((e) => e.load)
      .map((e) => ({
        label: e.label,
        set: s.set,
        p50: round(/** @type {Load} */ (e.load).p50),
        p99: round(/** @type {Load} */ (e.load).p99),
      })),
    ...(s.likeLoop ? [{ label: 'Like / dislike loop, 50 fans', set: s.set, p50: round(s.likeLoop.p50), p99: round(s.likeLoop.p99) }] : []),
    ...Object.values(s.baselines ?? {}).map((b) => ({ label: b.label, set: s.set, p50: round(b.load.p50), p99: round(b.load.p99) })),
  ]);
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md'), svg: path.join(dir, 'latency.svg') };
  writeFileSync(files.json, `${JSON.stringify({ ...run, budgets: judged }, null, 2)}\n`);
  writeFileSync(
    files.svg,
    latencyChart(
      rows,
      run.sets.map((s) => s.set),
    ),
  );
  writeFileSync(files.markdown, `${markdown(run, judged)}\n`);
  return files;
}

/**
 * `--live-only`: report.md and report.json with the live updates section and its budgets alone.
 * @param {string} dir
 * @param {{ meta: Meta; live: import('./live.mjs').LiveRun; where: string }} run
 */
export function writeLiveReport(dir, { meta, live, where }) {
  const judged = liveBudgets(live, where);
  const lines = [
    `# Takes live updates benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.machine.cpus} CPUs, ${meta.machine.memoryGb} GB, Node ${meta.machine.node}. The production build (\`next build\`, served by \`server.mjs\` as \`npm start\` serves it) on the demo seed, live updates only (\`npm run bench -- --live-only\`). ` +
      `The run took ${meta.minutes.toFixed(1)} minutes; the 1-minute load average was ${meta.machine.loadBefore.toFixed(1)} before it and ${meta.machine.loadAfter.toFixed(1)} after.`,
    '',
    '## Budgets',
    '',
    '| Group | Budget | Target | Measured | Met |',
    '| --- | --- | --- | --- | --- |',
    ...judged.map((b) => `| ${b.group} | ${b.name} | ${b.target} | ${b.measured} | ${verdict(b.met)} |`),
    '',
    ...liveSection(live, where),
  ];
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') };
  writeFileSync(files.json, `${JSON.stringify({ meta, live, budgets: judged }, null, 2)}\n`);
  writeFileSync(files.markdown, `${lines.join('\n')}\n`);
  return files;
}

/**
 * `--filters-only`: report.md and report.json with the filtered feed's section and budget alone.
 * @param {string} dir
 * @param {{ meta: Meta; sets: MeasuredSet[] }} run
 */
export function writeFiltersReport(dir, { meta, sets }) {
  const judged = filtersBudgets(sets);
  const lines = [
    `# Takes filtered feed benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.machine.cpus} CPUs, ${meta.machine.memoryGb} GB, Node ${meta.machine.node}. The production build (\`next build\`, \`next start\`), the feed through a fan's filters only (\`npm run bench -- --filters-only\`). ` +
      `The run took ${meta.minutes.toFixed(1)} minutes; the 1-minute load average was ${meta.machine.loadBefore.toFixed(1)} before it and ${meta.machine.loadAfter.toFixed(1)} after.`,
    '',
    '## Budgets',
    '',
    '| Group | Budget | Target | Measured | Met |',
    '| --- | --- | --- | --- | --- |',
    ...judged.map((b) => `| ${b.group} | ${b.name} | ${b.target} | ${b.measured} | ${verdict(b.met)} |`),
    '',
    ...filtersSection(sets),
  ];
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') };
  writeFileSync(files.json, `${JSON.stringify({ meta, sets, budgets: judged }, null, 2)}\n`);
  writeFileSync(files.markdown, `${lines.join('\n')}\n`);
  return files;
}

/**
 * `--dev-only`: report.md and report.json with npm run dev's first hits alone.
 * @param {string} dir
 * @param {{ startedAt: string; minutes: number; loadBefore: number; loadAfter: number; dev: import('./dev.mjs').DevFirstHits }} run
 */
export function writeDevReport(dir, run) {
  const judged = devBudgets(run.dev);
  const lines = [
    `# Takes npm run dev benchmark, ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `npm run dev's first hits only (\`npm run bench -- --dev-only\`). The run took ${run.minutes.toFixed(1)} minutes; the 1-minute load average was ${run.loadBefore.toFixed(1)} before it and ${run.loadAfter.toFixed(1)} after: a first compile is CPU work, slower on a busy machine.`,
    '',
    '## Budgets',
    '',
    '| Group | Budget | Target | Measured | Met |',
    '| --- | --- | --- | --- | --- |',
    ...judged.map((b) => `| ${b.group} | ${b.name} | ${b.target} | ${b.measured} | ${verdict(b.met)} |`),
    '',
    ...devSection(run.dev),
  ];
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') };
  writeFileSync(files.json, `${JSON.stringify({ ...run, budgets: judged }, null, 2)}\n`);
  writeFileSync(files.markdown, `${lines.join('\n')}\n`);
  return files;
}
