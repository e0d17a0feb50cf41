// @ts-check
// A run's report: report.json with every figure, and report.md with the budgets first and then the few figures
// behind them that a reader needs to see why one moved.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { judge, kB, ms, OWN_JS_BUDGET } from './budgets.mjs';
import { ROUNDS } from './settle.mjs';
import { AT_ONCE, ZONE } from './zones.mjs';

/** @typedef {{ id: string; label: string; results: import('./context.mjs').Results }} MeasuredSet */
/** @typedef {{ startedAt: string; minutes: number; cpus: number; memoryGb: number; node: string; loadBefore: number; loadAfter: number; seconds: number; only: string[] }} Meta */

/** A Markdown table. */
const table = (/** @type {string[]} */ head, /** @type {string[][]} */ rows) => [
  `| ${head.join(' | ')} |`,
  `| ${head.map(() => '---').join(' | ')} |`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
  '',
];

/** The load run and commands of every endpoint, per data set. */
function endpoints(/** @type {MeasuredSet[]} */ sets) {
  const measured = sets.filter((s) => s.results.endpoints);
  const [first] = measured;
  if (!first) return [];
  const rows = Object.entries(first.results.endpoints ?? {}).map(([id, e]) => [
    e.label,
    ...measured.flatMap((s) => {
      const e = s.results.endpoints?.[id];
      return [
        e?.load ? `${e.load.p50} / ${e.load.p99}` : '–',
        e?.load?.rps.toFixed(0) ?? '–',
        e ? `${e.cold.commands} · ${e.warm.commands}` : '–',
      ];
    }),
  ]);
  return [
    '## Endpoints',
    '',
    `Each under load with autocannon (10 connections unless the budget says otherwise, the capture image 1), after a warm-up request; the database commands of its first request in a fresh server and of the next (cold · warm), counted by the driver's command monitoring.`,
    '',
    ...table(['Endpoint', ...measured.flatMap((s) => [`${s.label} p50 / p99 ms`, 'req/s', 'commands cold · warm'])], rows),
  ];
}

/** What the budgets' workloads did, in a line each. */
function workloads(/** @type {MeasuredSet[]} */ sets) {
  const lines = [];
  for (const { label, results: r } of sets) {
    if (r.writes) lines.push(`- Commands of a like, ${label}: ${r.writes[0]?.ops.join(', ')}.`);
    if (r.mixed) {
      const { readOnly: a, withReactions: b } = r.mixed;
      lines.push(
        `- Mixed workload, ${label}: 50 fans for 20 s reading (the feed, a take's page, its comments 5 : 2 : 2), ${a.requests} requests; then with every tenth a reaction, ${b.requests}.`,
      );
    }
    if (r.live) {
      const per = (/** @type {import('./live.mjs').LivePhase} */ p) =>
        `${Math.round((p.requests * 60) / p.seconds)} requests and ${Math.round((p.commands * 60) / p.seconds)} database commands a minute, ${ms(p.p50)} ms p50`;
      lines.push(
        `- Live updates, ${label}: 1,000 tabs polling as the browser does; nothing changing ${per(r.live.quiet)}; with one new take and 50 reactions ${per(r.live.writes)}.`,
      );
    }
    if (r.filtered) {
      const { commands, firstPage: p } = r.filtered;
      lines.push(
        `- The filtered feed, ${label}: ${commands[0]} → ${commands[1]} commands a read; its first page ${p.shown} shown, ${p.collapsed} collapsed, ${p.leftOut} of the plain page left out.`,
      );
    }
    if (r.zones) {
      const { warm, spellings, peak } = r.zones;
      lines.push(
        `- Time-zone spellings, ${label}: ${warm.toLocaleString('en-US')} requests in \`${ZONE}\` to warm, then ${spellings.toLocaleString('en-US')} spellings of it in letter cases of their own, ${AT_ONCE} at a time (eight in ten \`GET /api/games?tz=\`, one \`/games?tz=\`, one the \`takes_tz\` cookie on \`/games\`); peak ${(peak / 2 ** 20).toFixed(0)} MB.`,
      );
    }
    if (r.settle) {
      const tally = new Map();
      for (const op of r.settle.ops) tally.set(op, (tally.get(op) ?? 0) + 1);
      const ops = [...tally].map(([op, n]) => (n > 1 ? `${op} ×${n}` : op));
      lines.push(
        `- One final settling ${r.settle.calls.toLocaleString('en-US')} calls, ${label}: its commands ${ops.join(', ')}; ${ROUNDS} corrections settling them again, ${ms(r.settle.corrections)} ms p50.`,
      );
    }
    if (r.dev)
      lines.push(
        `- npm run dev, ${label}: up in ${ms(r.dev.readyMs)} ms, the home page's first load ${ms(r.dev.homeMs)} ms, /create-username's ${ms(r.dev.createUsernameMs)} ms.`,
      );
  }
  return lines.length ? ['## Workloads', '', ...lines, ''] : [];
}

/** Every page route's first-load JavaScript, the app's share over the bootstrap. */
function routes(/** @type {MeasuredSet[]} */ sets) {
  const pages = sets.find((s) => s.results.pages)?.results.pages;
  if (!pages) return [];
  return [
    '## First-load JavaScript of every page route',
    '',
    `Gzipped, as the build lists each route's scripts (its layouts, page and boundaries); the bootstrap (React, the App Router, Turbopack's runtime) is ${kB(pages.bootstrap)} of every one. A next/dynamic component the server renders adds its chunk on top, which the pages' rows count.`,
    '',
    ...table(
      ['Route', 'First load', 'The app’s share'],
      pages.routes.map((r) => [
        `\`${r.route}\``,
        kB(r.js),
        `${kB(r.js - pages.bootstrap)}${r.js - pages.bootstrap > OWN_JS_BUDGET ? ' **over**' : ''}`,
      ]),
    ),
  ];
}

/**
 * Writes report.json and report.md into `dir`.
 * @param {string} dir
 * @param {Meta} meta
 * @param {MeasuredSet[]} sets
 */
export function writeReport(dir, meta, sets) {
  const judged = judge(sets);
  const met = judged.filter((b) => b.met).length;
  const lines = [
    `# Takes benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.cpus} CPUs, ${meta.memoryGb} GB, Node ${meta.node}; the production build served by \`server.mjs\` on the local engine, ${meta.seconds} s of load per endpoint${meta.only.length ? `; sections: ${meta.only.join(', ')}` : ''}. ` +
      `The run took ${meta.minutes.toFixed(1)} minutes; the 1-minute load average was ${meta.loadBefore.toFixed(1)} before it and ${meta.loadAfter.toFixed(1)} after. Budgets met: ${met} of ${judged.length}.`,
    '',
    '## Budgets',
    '',
    ...table(
      ['Group', 'Budget', 'Target', 'Measured', 'Met'],
      judged.map((b) => [b.group, b.name, b.target, b.measured, b.met ? 'yes' : '**no**']),
    ),
    ...endpoints(sets),
    ...workloads(sets),
    ...routes(sets),
  ];
  writeFileSync(path.join(dir, 'report.json'), `${JSON.stringify({ meta, sets, budgets: judged }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'report.md'), `${lines.join('\n')}\n`);
  return { met, of: judged.length };
}
