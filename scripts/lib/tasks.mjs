// @ts-check
// Steps of a script that may run side by side: each to completion, its output either shown as it comes or, when
// another step runs beside it, kept in a log file and shown whole when it ends, so two steps' lines never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, say, SetupError } from './services.mjs';

/** Where a step running beside another writes its output: `tail -f` one to follow it. */
export const LOG_DIR = path.join(ROOT, 'test-results', 'logs');

/**
 * Where a quiet step's output goes: its log file, and what it writes itself (a summary line) goes there too.
 * @typedef {{ file: string; write(text: string | Buffer): void; close(): Promise<void> }} StepLog
 */

/** @param {string} name */
const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A log file for a step running beside others, or null to show its output as it comes.
 * @param {string} name
 * @param {boolean} quiet
 * @returns {StepLog | null}
 */
export function stepLog(name, quiet) {
  if (!quiet) return null;
  mkdirSync(LOG_DIR, { recursive: true });
  const file = path.join(LOG_DIR, `${slug(name)}.log`);
  const stream = createWriteStream(file);
  return {
    file,
    write: (text) => stream.write(text),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/**
 * Closes a quiet step's log and prints it whole, under a line that names it.
 * @param {string} name
 * @param {StepLog} log
 */
export async function showLog(name, log) {
  await log.close();
  process.stdout.write(`\n────── ${name} (${path.relative(ROOT, log.file)}) ──────\n`);
  process.stdout.write(readFileSync(log.file, 'utf8'));
}

/**
 * Runs a command to completion; a non-zero exit rejects with a SetupError. With `quiet`, its output goes to
 * test-results/logs/<name>.log and is printed whole when it ends.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<void>}
 */
export async function task(name, command, args, env, { quiet = false } = {}) {
  say('test', quiet ? `${name} (output: ${path.relative(ROOT, path.join(LOG_DIR, `${slug(name)}.log`))})` : name);
  const started = Date.now();
  const log = stepLog(name, quiet);
  const child = spawn(command, args, { cwd: ROOT, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  // Bytes as they come: a character split across two chunks is whole again in the file.
  child.stdout?.on('data', (chunk) => log?.write(chunk));
  child.stderr?.on('data', (chunk) => log?.write(chunk));
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', resolve);
  });
  if (log) await showLog(name, log);
  if (code !== 0) throw new SetupError(`${name} failed.`);
  say('test', `${name} passed (${((Date.now() - started) / 1000).toFixed(0)}s)`);
}

/**
 * Runs steps on `count` lanes: each lane takes the next step as soon as it is free, so the longest, listed first,
 * start at once and the shorter ones fill in behind them. A failure cuts no other step short, so the run's totals
 * cover them all; the first one fails the whole once all have ended.
 * @param {number} count
 * @param {(() => Promise<void>)[]} steps
 */
export async function lanes(count, steps) {
  const queue = [...steps];
  /** @type {unknown[]} */
  const failures = [];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await step().catch((error) => failures.push(error));
  };
  await Promise.all(Array.from({ length: count }, lane));
  if (failures.length > 0) throw failures[0];
}
