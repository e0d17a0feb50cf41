// @ts-check
// Property-based API fuzzing with schemathesis, generated from /api/openapi.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emulatorAccount } from './emulator-account.mjs';
import { ROOT, say, SetupError } from './services.mjs';

const SCHEMATHESIS = '4.32.5';
const VENV = path.join(os.homedir(), '.cache', 'takes', `schemathesis-${SCHEMATHESIS}`);

/** schemathesis in a cached virtual environment, created on first use (PyPI). */
export function ensureSchemathesis() {
  const st = path.join(VENV, 'bin', 'st');
  if (existsSync(st)) return st;
  say('fuzz', `installing schemathesis ${SCHEMATHESIS} into ${VENV}…`);
  rmSync(VENV, { recursive: true, force: true });
  mkdirSync(path.dirname(VENV), { recursive: true });
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) throw new SetupError('Python 3 is needed for the API fuzz run (schemathesis): install python3 and try again.');
  /** @type {[string, string[]][]} */
  const steps = [
    [python, ['-m', 'venv', VENV]],
    [path.join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS}`]],
  ];
  for (const [command, args] of steps) {
    if (spawnSync(command, args, { stdio: 'inherit' }).status !== 0) {
      rmSync(VENV, { recursive: true, force: true });
      throw new SetupError(`could not install schemathesis (${command} ${args.join(' ')} failed).`);
    }
  }
  return st;
}

/**
 * A signed-up emulator account with a username, so the fuzzer also reaches the signed-in paths.
 * @param {string} appUrl
 * @param {string | undefined} authHost
 */
export async function fuzzAccount(appUrl, authHost) {
  if (!authHost)
    throw new SetupError('the fuzz run signs up on the auth emulator: set FIREBASE_AUTH_EMULATOR_HOST or leave it to start one.');
  const { idToken } = await emulatorAccount(authHost, { email: `fuzz-${Date.now()}@takes.test`, password: 'fuzz-password-1' });
  const created = await fetch(`${appUrl}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ username: `fuzz${Date.now().toString(36).slice(-8)}` }),
  });
  if (created.status !== 201) throw new SetupError(`could not create the fuzz user (${created.status}).`);
  return idToken;
}

/**
 * Runs schemathesis against every operation: no 5xx, and every answer's status,
 * content type and body as documented; invalid input must be refused with a 4xx.
 * Returns the totals it printed and fails the step on any failure. With `log`
 * (a run beside other steps, scripts/lib/tasks.mjs), its output goes there.
 * @param {{ st: string; appUrl: string; token: string; examples: number; reportDir: string; seed: number; log?: import('./tasks.mjs').StepLog | null }} options
 */
export async function fuzz({ st, appUrl, token, examples, reportDir, seed, log = null }) {
  rmSync(reportDir, { recursive: true, force: true });
  const args = [
    'run',
    `${appUrl}/api/openapi.json`,
    // The document names the site's public address; the run goes to this server.
    '--url',
    appUrl,
    '--checks',
    'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection',
    '--max-examples',
    String(examples),
    '--header',
    `Authorization: Bearer ${token}`,
    '--phases',
    'examples,coverage,fuzzing',
    // One worker: with two, Python 3.11's ast module (hypothesis describing its strategies) can fail with
    // "AST constructor recursion depth mismatch", an error of the tool, not of the API.
    '--workers',
    '1',
    '--suppress-health-check',
    'all',
    '--request-timeout',
    '20',
    '--seed',
    String(seed),
    '--report',
    'junit',
    '--report-dir',
    reportDir,
    '--no-color',
  ];
  // --config-file is a global option: it goes before `run`.
  const config = ['--config-file', path.join(ROOT, 'tests', 'fuzz', 'schemathesis.toml')];
  const child = spawn(st, [...config, ...args], { stdio: ['ignore', 'pipe', log ? 'pipe' : 'inherit'] });
  let stdout = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => log?.write(chunk));
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', resolve);
  });
  const write = log ? log.write : (/** @type {string | Buffer} */ text) => process.stdout.write(text);
  write(withoutClosingRule(stdout));
  const totals = summarize(stdout);
  write(`${'fuzz'.padEnd(9)} ${totals.operations} operations, ${totals.cases} test cases, ${totals.failures} failures\n`);
  if (status !== 0) throw new SetupError(`the API fuzz run found problems (report: ${reportDir}).`);
  return totals;
}

/**
 * Drops schemathesis's pytest-style closing rule ("=== 3 warnings in 52.04s ==="): CI reads such a line as a
 * pytest run that executed no test. Its counts are in the summary above it and in the line `fuzz` prints.
 * @param {string} output
 */
function withoutClosingRule(output) {
  return output.replace(/^=+ [^=\n]* in [\d.]+s =+$\n?/gm, '');
}

/** @param {string} output */
function summarize(output) {
  const number = (/** @type {RegExp} */ pattern) => Number(pattern.exec(output)?.[1] ?? 0);
  return {
    operations: number(/Tested:\s+(\d+)/),
    cases: number(/(\d+) generated/),
    failures: number(/(\d+) unique failures?/),
  };
}
