// @ts-check
// The report's part for the mixed workload and the commands of each write (bench/lib/mixed.mjs).

/** @typedef {import('./report.mjs').MeasuredSet} MeasuredSet */
/** @typedef {MeasuredSet & { writes: import('./mixed.mjs').WriteCommand[] }} WithWrites */
/** @typedef {MeasuredSet & { mixed: import('./mixed.mjs').Mixed & { counters: import('./mixed.mjs').Counters } }} WithMixed */

const ms = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : String(Math.round(n)));
const set0 = (/** @type {MeasuredSet[]} */ sets) => /** @type {WithMixed | undefined} */ (sets.find((s) => s.mixed));

/**
 * Budget rows: feed p50 under the mix against read-only, errors, counters afterwards, and each write's commands.
 * @param {MeasuredSet[]} sets
 */
export function mixedBudgets(sets) {
  /** @type {import('./report.mjs').Budget[]} */
  const rows = [];
  /** @type {(group: string, name: string, target: string, measured: string, met: boolean | null) => number} */
  const add = (group, name, target, measured, met) => rows.push({ group, name, target, measured, met });
  for (const set of /** @type {WithWrites[]} */ (sets.filter((s) => s.writes))) {
    const most = Math.max(...set.writes.map((w) => w.commands));
    add(
      'DB commands per request',
      `Each write on a take (like, switch, favorite, unfavorite, share), ${set.set}`,
      '≤ 4',
      `${most} at most (${set.writes.map((w) => w.commands).join(' / ')})`,
      most <= 4,
    );
  }
  const set = set0(sets);
  if (!set) return rows;
  const { readOnly, mixed, counters } = set.mixed;
  const a = readOnly.kinds.feed?.p50;
  const b = mixed.kinds.feed?.p50;
  const r = a && b ? b / a : null;
  add(
    'Mixed workload',
    `Feed p50 with 10% reactions vs reads only, ${set.set}`,
    '≤ 1.5×',
    `${ms(a)} → ${ms(b)} ms${r == null ? '' : ` (${r.toFixed(2)}×)`}`,
    r == null ? null : r <= 1.5,
  );
  add(
    'Mixed workload',
    `Errors, ${set.set}`,
    '0',
    `${readOnly.errors + mixed.errors}${mixed.errorSamples.length ? ` (${mixed.errorSamples.join(', ')})` : ''}`,
    readOnly.errors + mixed.errors === 0,
  );
  const agree = counters && !counters.error ? counters.counters === 0 && counters.rankingKeys === 0 : null;
  add(
    'Mixed workload',
    `Counters equal to their facts afterwards, ${set.set}`,
    '0 disagree',
    counters?.error
      ? `check failed: ${counters.error.split('\n').pop()}`
      : `${counters.counters} counters, ${counters.rankingKeys} ranking keys disagree`,
    agree,
  );
  return rows;
}

/**
 * Markdown lines: the mixed workload table and each write's commands.
 * @param {MeasuredSet[]} sets
 */
export function mixedSection(sets) {
  /** @type {string[]} */
  const lines = [];
  const set = set0(sets);
  if (set) {
    const { readOnly, mixed } = set.mixed;
    lines.push(
      `## Mixed workload (${set.set})`,
      '',
      `${mixed.fans} signed-in fans at once, each repeating the feed (API), a take's page (SSR) and its comments (API) in a 5 : 2 : 2 ratio, for ${mixed.seconds} s with reads only, then ${mixed.seconds} s with every tenth request a reaction ` +
        '(like and dislike in turn on one of the ten hottest takes, the ones they read). Each kind is timed apart, from send to last byte. ' +
        `The mix sent ${mixed.commands} database commands, ${mixed.writeCommands} of them writes.`,
      '',
      '| Request | reads only p50 / p99 ms | reads only req/s | with reactions p50 / p99 ms | with reactions req/s |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const kind of ['feed', 'take', 'comments', 'react']) {
      const a = readOnly.kinds[kind];
      const b = mixed.kinds[kind];
      const label = { feed: 'Feed page 1 (API)', take: 'Take page (SSR)', comments: 'Comments (API)', react: 'Reaction' }[kind];
      lines.push(
        `| ${label} | ${a ? `${ms(a.p50)} / ${ms(a.p99)}` : '–'} | ${a ? a.rps.toFixed(1) : '–'} | ${b ? `${ms(b.p50)} / ${ms(b.p99)}` : '–'} | ${b ? b.rps.toFixed(1) : '–'} |`,
      );
    }
    lines.push('');
  }
  const written = /** @type {WithWrites | undefined} */ (sets.find((s) => s.writes));
  if (written) {
    lines.push(`Commands of each write on a take (${written.set}, one request at a time, the fan already known to the server):`, '');
    for (const w of written.writes) lines.push(`- ${w.label}: ${w.commands} (${w.ops.join(', ')})`);
    lines.push('');
  }
  return lines;
}
