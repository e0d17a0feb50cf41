// @ts-check
// `npm run fuzz`: the long API fuzz run (schemathesis, 500 examples per operation, or `-- --examples N`)
// against a production build on a throwaway database and auth emulator; prints a summary.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, startServer, step } from './lib/app-server.mjs';
import { ensureSchemathesis, fuzz, fuzzAccount } from './lib/fuzz.mjs';
import { buildLocalDb, ensureDependencies, ROOT, say } from './lib/services.mjs';
import { localStack } from './lib/stack.mjs';

const at = process.argv.indexOf('--examples');
const examples = at > 0 ? Number(process.argv[at + 1]) : 500;
const DIST = '.next-fuzz';

/** @type {Awaited<ReturnType<typeof localStack>> | undefined} */
let stack;
let server;
let failed = false;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'takes-fuzz-'));
try {
  ensureDependencies();
  const st = ensureSchemathesis();
  const localDbBin = buildLocalDb();
  const local = await localStack({ dataDir: workDir, ephemeral: true });
  stack = local;
  /** @type {import('./lib/stack.mjs').StackEnv} */
  const env = {
    ...local.env,
    NODE_ENV: 'production',
    TAKES_ALLOW_AUTH_EMULATOR: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    LOCALDB_BIN: localDbBin,
  };
  step('production build', bin('next'), ['build'], { ...env, NEXT_DIST_DIR: DIST });
  step(
    'seed reference data',
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--reference-only'],
    env,
  );
  // Limits scaled up: the fuzzer is one user sending thousands of requests, and what it probes is validation.
  server = await startServer({ ...env, RATE_LIMIT_SCALE: '1000' }, DIST);
  const token = await fuzzAccount(server.url, env.FIREBASE_AUTH_EMULATOR_HOST);
  const started = Date.now();
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
  const totals = await fuzz({ st, appUrl: server.url, token, examples, reportDir: path.join(ROOT, 'test-results', 'fuzz'), seed });
  say(
    'fuzz',
    `summary (seed ${seed}): ${totals.operations} operations, ${totals.cases} test cases at up to ${examples} examples each, ${totals.failures} failures, ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (error) {
  failed = true;
  console.error(`\nerror: ${error instanceof Error ? error.message : error}`);
} finally {
  server?.stop();
  await stack?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
