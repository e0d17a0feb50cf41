// @ts-check
// The report's part for one final settling 1,000 calls (bench/lib/settle.mjs).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ms } from './measure.mjs';

/** @typedef {import('./settle.mjs').Settlement} Settlement */
/** @typedef {{ set: string; settle?: Settlement }} SettledSet */

/**
 * The budgets of issue 52: the final's request settles all 1,000 within 3 s, in at most 40 database commands (the
 * league write's own and the settlement's: a handful of reads and bulk writes, whatever the number of calls), and the
 * feed read while corrections settle the 1,000 again within 1.3× the same reads with nothing written, in turns.
 */
const BUDGET = { ms: 3000, commands: 40, feed: 1.3 };

/** @param {SettledSet[]} sets */
export function settleBudgets(sets) {
  return sets.flatMap(({ set, settle }) => {
    if (!settle) return [];
    const { final, feed } = settle;
    return [
      {
        group: 'Calls',
        name: `One final settling ${settle.calls.toLocaleString('en-US')} calls: the console's request, ${set}`,
        target: `all settled, ≤ ${BUDGET.ms} ms`,
        measured: `${settle.settled.toLocaleString('en-US')} settled, ${ms(final.ms)} ms`,
        met: final.status === 200 ? settle.settled === settle.calls && final.ms <= BUDGET.ms : null,
      },
      {
        group: 'Calls',
        name: `One final settling ${settle.calls.toLocaleString('en-US')} calls: database commands, ${set}`,
        target: `≤ ${BUDGET.commands}`,
        measured: `${final.commands} (${final.settlement} on the collections settlement reads and writes)`,
        met: final.status === 200 ? final.commands <= BUDGET.commands : null,
      },
      {
        group: 'Calls',
        name: `Feed read p50 while a correction settles the ${settle.calls.toLocaleString('en-US')} again vs with nothing written, in turns, ${set}`,
        target: `≤ ${BUDGET.feed}×`,
        measured: `${ms(feed.during)} vs ${ms(feed.quiet)} ms (${feed.ratio == null ? '–' : `${feed.ratio.toFixed(2)}×`}, ${feed.reads} of each)`,
        met: feed.during == null || feed.quiet == null || feed.failed > 0 ? null : feed.during <= feed.quiet * BUDGET.feed,
      },
    ];
  });
}

/** @param {SettledSet[]} sets */
export function settleSection(sets) {
  const measured = sets.filter((s) => s.settle);
  if (measured.length === 0) return [];
  const lines = [
    '## One final settling 1,000 calls',
    '',
    'A game tonight with 1,000 takes carrying calls on it (the home team by 5, the away team to win, the total over 210.5, a player’s 20 ' +
      'points, in turn), three fans’ likes on each before tip-off, and an administrator who records its final in the league console ' +
      '(`PATCH /api/moderation/league/games/{id}`). The request applies the league change and settles every call it decides, on its write ' +
      '(docs/features.md). Then eight corrections of the score, each settling the 1,000 again, with the feed (`GET /api/takes`) read back to ' +
      'back while each runs and as many times after it with nothing written.',
    '',
    '| Data set | settled | final ms | commands | by collection | corrections p50 ms | feed p50 during / quiet ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { set, settle } of measured) {
    const s = /** @type {Settlement} */ (settle);
    const corrections = [...s.corrections].sort((a, b) => a - b)[Math.floor(s.corrections.length / 2)];
    const by = Object.entries(s.final.byCollection)
      .sort(([, a], [, b]) => b - a)
      .map(([coll, n]) => `${coll} ${n}`)
      .join(', ');
    lines.push(
      `| ${set} | ${s.settled} of ${s.calls} | ${ms(s.final.ms)} | ${s.final.commands} | ${by} | ${ms(corrections)} | ${ms(s.feed.during)} / ${ms(s.feed.quiet)} |`,
    );
  }
  lines.push('');
  return lines;
}

/**
 * `--settle-only`: report.md and report.json with the settlement alone.
 * @param {string} dir
 * @param {{ meta: { startedAt: string; minutes: number; machine: { cpus: number; memoryGb: number; node: string; loadBefore: number; loadAfter: number } }; sets: SettledSet[] }} run
 */
export function writeSettleReport(dir, { meta, sets }) {
  const judged = settleBudgets(sets);
  const verdict = (/** @type {boolean | null} */ met) => (met === null ? '–' : met ? 'yes' : '**no**');
  const lines = [
    `# Takes settlement benchmark, ${meta.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${meta.machine.cpus} CPUs, ${meta.machine.memoryGb} GB, Node ${meta.machine.node}. The production build (\`next build\`, \`next start\`) on the demo seed, one final settling 1,000 calls only (\`npm run bench -- --settle-only\`). ` +
      `The run took ${meta.minutes.toFixed(1)} minutes; the 1-minute load average was ${meta.machine.loadBefore.toFixed(1)} before it and ${meta.machine.loadAfter.toFixed(1)} after.`,
    '',
    '## Budgets',
    '',
    '| Group | Budget | Target | Measured | Met |',
    '| --- | --- | --- | --- | --- |',
    ...judged.map((b) => `| ${b.group} | ${b.name} | ${b.target} | ${b.measured} | ${verdict(b.met)} |`),
    '',
    ...settleSection(sets),
  ];
  const files = { json: path.join(dir, 'report.json'), markdown: path.join(dir, 'report.md') };
  writeFileSync(files.json, `${JSON.stringify({ meta, sets, budgets: judged }, null, 2)}\n`);
  writeFileSync(files.markdown, `${lines.join('\n')}\n`);
  return files;
}
