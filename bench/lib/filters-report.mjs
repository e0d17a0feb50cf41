// @ts-check
// The report's part for the feed through a fan's filters (bench/lib/filters.mjs).
import { judgedInTurns, ms } from './measure.mjs';

/** @typedef {import('./filters.mjs').FilteredFeed} FilteredFeed */
/** @typedef {import('./report.mjs').MeasuredSet} MeasuredSet */

/**
 * The budget of issue 37: a filtered read within 1.3× an unfiltered one, each read's p50 timed in turns (the load
 * runs' p50s are reported beside it, and are where a fan's read waits behind nine others).
 */
const BUDGET = 1.3;

/**
 * A budget row per data set measured.
 * @param {MeasuredSet[]} sets
 */
export function filtersBudgets(sets) {
  return sets.flatMap((set) => {
    const f = set.filteredFeed;
    if (!f) return [];
    const { measured, met } = judgedInTurns(f.turns, (filtered, plain) => filtered <= plain * BUDGET, { ratio: true });
    return [
      {
        group: 'Filters',
        name: `Feed read p50 with ${f.words} muted words, ${f.players} players and ${f.teams} shielded teams vs none, in turns, ${set.set}`,
        target: `≤ ${BUDGET}×`,
        measured,
        met,
      },
    ];
  });
}

/**
 * Markdown lines: both fans' figures, what the filters did to the first page, and the commands of a read.
 * @param {MeasuredSet[]} sets
 */
export function filtersSection(sets) {
  const measured = sets.filter((set) => set.filteredFeed);
  if (measured.length === 0) return [];
  const lines = [
    '## The feed through a fan’s filters',
    '',
    'Two signed-in fans read `GET /api/takes` (Hot, page 1) under the same load, 10 connections, each in three runs interleaved: one with no ' +
      'filters, one with 50 muted words (half hide, half collapse), the 5 players with the most takes muted and 3 teams watched later whose ' +
      'games tipped off an hour ago. Both read the same cached list; the filtered one judges every take and fills its page from the pages after ' +
      'it when some are left out. Then 60 reads of each, one at a time, the two fans in turns: the budget judges those.',
    '',
    '| Data set | in turns, no filters / filters p50 ms | under load, no filters p50 / p99 ms | under load, filters p50 / p99 ms | ratio of load p50 | commands per read (none → filters) | first page |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const set of measured) {
    const f = /** @type {FilteredFeed} */ (set.filteredFeed);
    const p99 = (/** @type {import('./measure.mjs').Load[]} */ runs) => ms(Math.max(...runs.map((r) => r.p99)));
    lines.push(
      `| ${set.set} | ${ms(f.turns.b)} / ${ms(f.turns.a)} | ${ms(f.plain.p50)} / ${p99(f.plain.runs)} | ${ms(f.filtered.p50)} / ${p99(f.filtered.runs)} | ` +
        `${f.plain.p50 && f.filtered.p50 != null ? (f.filtered.p50 / f.plain.p50).toFixed(2) : '–'}× | ` +
        `${f.plain.commands.commands} → ${f.filtered.commands.commands} | ${f.firstPage.shown} shown, ${f.firstPage.folded} folded, ` +
        `${f.firstPage.leftOut} of the unfiltered page left out |`,
    );
  }
  const first = /** @type {FilteredFeed} */ (measured[0]?.filteredFeed);
  lines.push('', `Commands of a filtered read (${measured[0]?.set}): ${first.filtered.commands.ops.join(', ')}.`, '');
  return lines;
}
