// @ts-check
// The report's part for `npm run dev`'s first hits (bench/lib/dev.mjs).
import { FIRST_CHECK_BUDGET_MS } from './dev.mjs';

/** @typedef {import('./dev.mjs').DevFirstHits} DevFirstHits */

const s = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : `${(n / 1000).toFixed(1)} s`);

/**
 * The budget row: a fan who arrives as `npm run dev` says it is up has the username check's answer within 2 s.
 * @param {DevFirstHits | undefined} dev
 */
export function devBudgets(dev) {
  /** @type {import('./report.mjs').Budget[]} */
  const rows = [];
  if (!dev) return rows;
  rows.push({
    group: 'npm run dev',
    name: 'The first username check, from typing a free name to its answer (500 ms debounce included), on a first start',
    target: `≤ ${s(FIRST_CHECK_BUDGET_MS)}`,
    measured: s(dev.usernameCheckMs),
    met: dev.usernameCheckMs <= FIRST_CHECK_BUDGET_MS,
  });
  return rows;
}

/**
 * The section: what a fan waits for on `npm run dev`'s first start, arriving as it says it is up.
 * @param {DevFirstHits | undefined} dev
 */
export function devSection(dev) {
  if (!dev) return [];
  return [
    '## npm run dev: first hits',
    '',
    '`npm run dev` (scripts/dev.mjs) on a first start: a database of its own that it seeds, a build folder of its own with no compile cache, the run’s auth emulator. `next dev` compiles a route on its first request; once up, scripts/dev.mjs asks for every route in the background (scripts/lib/warm-up.mjs). A fan in Chromium arrives as soon as it says it is up: the home page, /create-username, then a free name typed into its username field, timed to “Username is available!” (the form waits 500 ms after the last keystroke before it asks).',
    '',
    '| Step | Time |',
    '| --- | --- |',
    `| Up (database, auth, seed, \`next dev\` ready) | ${s(dev.readyMs)} |`,
    `| Home page, first load | ${s(dev.homeMs)} |`,
    `| /create-username, first load | ${s(dev.createUsernameMs)} |`,
    `| Username check, first answer after typing | ${s(dev.usernameCheckMs)} |`,
    `| Username check, second answer after typing | ${s(dev.secondCheckMs)} |`,
    `| Every route compiled in the background | ${dev.warmUpRoutes == null ? 'not finished' : `${dev.warmUpRoutes} routes, ${s(dev.warmUpMs)}`} |`,
    '',
  ];
}
