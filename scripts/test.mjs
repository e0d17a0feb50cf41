// @ts-check
// `npm test`: typecheck, lint (and the Dockerfile's, the GitHub workflows', the Caddyfile's), unit tests, the data
// tests (lib/data on the local engine), a production build, API integration tests, the isolated tests (outages and
// processes of their own), a bounded schemathesis fuzz run, the multi-instance tests, and Playwright in headless
// Chromium. Starts a throwaway database and auth emulator, stops everything, exits non-zero on any failure.
//   --only api | multi | e2e   just the build and that suite (api: the API suite, the isolated tests and the fuzz run)
//   -- <args>          passed on to Jest (API) or Playwright (e2e), e.g. a file name; with them `--only api` runs no fuzz run
//
// Most of a suite's time is one request at a time (the test, then the server, then the database), and most checks
// keep one core busy, so on two cores steps run side by side: the typecheck then the build, beside two chains that need
// no build (the scripts' types, lint and the other files' checks; the unit tests, the data tests and two seeds). Then
// the suites on three lanes, each lane taking the next suite as it comes free: the browser journeys, the multi-instance
// suite, the API suite, the accessibility audits, the isolated tests and the fuzz run, longest first, each with servers
// and databases of its own (the journeys and the audits share the browser suite's). A fourth lane was slower: every
// suite waited longer for a core, the fuzz run three times as long. A step that runs beside another writes
// test-results/logs/<step>.log, printed whole when it ends; the run closes with one line of totals.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { localStack } from './lib/stack.mjs';
import { bin, connectionCounter, startServer } from './lib/app-server.mjs';
import { ensureSchemathesis, fuzz, fuzzAccount } from './lib/fuzz.mjs';
import { ensureActionlint } from './lib/actionlint.mjs';
import { ensureCaddy } from './lib/caddy.mjs';
import { ensureComposeRenderer } from './lib/compose.mjs';
import { ensureHadolint } from './lib/hadolint.mjs';
import { buildLocalDb, ensureDependencies, ensureRedisServer, ROOT, say, SetupError } from './lib/services.mjs';
import { lanes, LOG_DIR, showLog, stepLog, task } from './lib/tasks.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const passThrough = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
// Overlapping runs (two worktrees, a helper) each need their own build folder.
const DIST = process.env.TAKES_TEST_DIST_DIR || '.next-test';
const suites = {
  api: !only || only === 'api',
  multi: !only || only === 'multi',
  e2e: !only || only === 'e2e',
};
// A whole run has its suites side by side; `--only` runs its suites one after the other, their output as it comes.
const besideOthers = !only;

// Debian's headless shell is the browser Playwright itself drives in headless runs: the full `chromium` binary runs
// its new headless mode, with a browser UI and a GPU process drawn in software, and cost the browser suite about a
// third more CPU on two cores. The full browser stays the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_BINARIES = [HEADLESS_SHELL, '/usr/bin/chromium'];

function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const installed = () => CHROMIUM_BINARIES.find((binary) => existsSync(binary));
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const debianRoot = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (debianRoot) {
    say('chromium', 'installing Debian chromium-headless-shell (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell', 'fonts-dejavu-core'], { stdio: 'inherit', env });
    const binary = installed();
    if (!binary) throw new SetupError('apt-get could not install chromium-headless-shell.');
    return binary;
  }
  const binary = installed();
  if (binary) return binary;
  say('chromium', 'installing Playwright Chromium…');
  const r = spawnSync(bin('playwright'), ['install', 'chromium'], { stdio: 'inherit' });
  if (r.status !== 0) throw new SetupError('playwright install chromium failed.');
  return '';
}

/** @type {{ url: string; stop(): void }[]} */
const servers = [];
/** @type {Awaited<ReturnType<typeof localStack>> | undefined} */
let stack;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'takes-test-'));
let failed = false;
const started = Date.now();

// Jest and Playwright leave their totals in files; the run closes with one "N passed, N failed" line over them
// (the fuzz run prints its own).
const resultsFile = (/** @type {string} */ name) => path.join(workDir, `${name}-results.json`);
const jestResults = (/** @type {string} */ name) => ['--json', `--outputFile=${resultsFile(name)}`];
function totals() {
  const read = (/** @type {string} */ name) => (existsSync(resultsFile(name)) ? JSON.parse(readFileSync(resultsFile(name), 'utf8')) : null);
  let passed = 0;
  let failedCount = 0;
  for (const name of ['unit', 'data', 'api', 'isolated', 'multi']) {
    const jest = read(name);
    if (jest) [passed, failedCount] = [passed + jest.numPassedTests, failedCount + jest.numFailedTests];
  }
  for (const name of ['e2e', 'journeys', 'audits']) {
    const e2e = read(name);
    if (e2e) [passed, failedCount] = [passed + e2e.stats.expected + e2e.stats.flaky, failedCount + e2e.stats.unexpected];
  }
  return { passed, failed: failedCount };
}

try {
  ensureDependencies();
  const chromium = suites.e2e ? ensureChromium() : '';
  const redisServer = suites.multi ? ensureRedisServer() : '';
  const composeRenderer = suites.multi ? JSON.stringify(ensureComposeRenderer()) : '';
  const localDbBin = buildLocalDb();
  const local = await localStack({ dataDir: workDir, ephemeral: true });
  stack = local;
  rmSync(LOG_DIR, { recursive: true, force: true });
  const run = Date.now().toString(36);
  const dbUri = (/** @type {string} */ name) => local.env.MONGODB_URI.replace(/\/[^/]*$/, `/${name}-${run}`);
  /** @type {import('./lib/stack.mjs').StackEnv} */
  const env = {
    ...local.env,
    NODE_ENV: 'production',
    TAKES_ALLOW_AUTH_EMULATOR: '1',
    // Receipts open on a date: tests move the server's clock per request (lib/clock.ts) instead of waiting.
    TAKES_TEST_CLOCK: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    LOCALDB_BIN: localDbBin,
    CHROMIUM_PATH: chromium,
  };
  const apiDb = dbUri('takes-api');
  const e2eDb = dbUri('takes-e2e');
  const fuzzDb = dbUri('takes-fuzz');
  const seed = (/** @type {string} */ suite, /** @type {string} */ uri) =>
    task(
      `seed demo data (${suite})`,
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts'],
      { ...env, MONGODB_URI: uri },
      { quiet: true },
    );

  const quiet = { quiet: true };
  // Before the build, which rewrites next-env.d.ts, a file the typecheck reads.
  const typecheck = () => task('typecheck', bin('tsc'), ['--noEmit'], {}, quiet);
  // After the typecheck of a whole run the build checks no types again (TAKES_TYPES_CHECKED); with `--only` it checks them
  // itself, by tsconfig.build.json, which it leaves as it is (next.config.mjs says why). It is pointed at a listener
  // that counts connections: it must open none (it never touches the database).
  const database = await connectionCounter();
  const build = async () => {
    try {
      const building = { quiet: besideOthers };
      const typesChecked = only ? {} : { TAKES_TYPES_CHECKED: '1' };
      const buildEnv = { ...env, ...typesChecked, MONGODB_URI: database.uri, NEXT_DIST_DIR: DIST };
      await task('production build', bin('next'), ['build'], buildEnv, building);
      await task('standalone output', process.execPath, ['scripts/assemble-standalone.mjs'], { NEXT_DIST_DIR: DIST }, building);
    } finally {
      database.close();
    }
  };
  // What needs no build runs beside it, in two chains. The static checks: the scripts' types, the whole of `npm run lint`
  // (ESLint, Prettier, the import graph, the OpenAPI document and the docs' links; none of it reads next-env.d.ts), the
  // Dockerfile's, the GitHub workflows' and the Caddyfile's. The tests: the unit tests, the data tests on this run's
  // database engine, and the browser suite's and the fuzz run's databases. The API suite's database stays empty: its
  // server loads the shipped league into it as it starts, as a new deployment's does.
  const dataQueries = path.join(workDir, 'data-queries.jsonl');
  const staticChecks = async () => {
    if (!only) {
      await task('typecheck (scripts and bench)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.scripts.json'], {}, quiet);
      await task('lint', 'npm', ['run', '--silent', 'lint'], {}, quiet);
      await task('Dockerfile lint (hadolint)', ensureHadolint(), ['Dockerfile'], {}, quiet);
      await task('GitHub workflows lint (actionlint)', ensureActionlint(), [], {}, quiet);
      // The proxy compose.yaml runs, as it loads its Caddyfile for a real domain and for the try-out on localhost.
      const caddy = ensureCaddy();
      for (const domain of ['takes.example.com', 'localhost']) {
        const check = `Caddyfile check (caddy validate, SITE_DOMAIN=${domain})`;
        await task(check, caddy, ['validate', '--adapter', 'caddyfile', '--config', 'Caddyfile'], { SITE_DOMAIN: domain }, quiet);
      }
    }
  };
  const testsWithoutBuild = async () => {
    if (!only) {
      await task('unit tests', bin('jest'), ['--selectProjects', 'unit', ...jestResults('unit')], { NODE_ENV: 'test' }, quiet);
      // Its commands are logged for tests/api/index-coverage.test.ts, which judges them with the API server's.
      await task(
        'data tests',
        bin('jest'),
        ['--selectProjects', 'data', '--maxWorkers=2', ...jestResults('data')],
        { NODE_ENV: 'test', MONGODB_URI: local.env.MONGODB_URI, TAKES_QUERY_LOG: dataQueries },
        quiet,
      );
    }
    if (suites.e2e) await seed('browser suite', e2eDb);
    // The fuzz run's: the demo data gives its lists and pages something to answer with.
    if (suites.api && passThrough.length === 0) await seed('fuzz run', fuzzDb);
  };
  // The typecheck and the build (the longest), and the two chains beside them, each on a lane of its own.
  await lanes(3, [
    async () => {
      if (!only) await typecheck();
      await build();
    },
    staticChecks,
    testsWithoutBuild,
  ]);
  if (database.connections() > 0)
    throw new SetupError(`next build opened ${database.connections()} database connection(s); it must open none.`);
  say('test', 'next build opened no database connection');

  // The suites' servers, one after the other (each takes a free port of its own), then the suites on three lanes.
  // The API suite is about behaviour, not limits: it runs with limits x1000 (tests/api/rate-limits.test.ts uses the real ones).
  // Its server logs every database command for tests/api/index-coverage.test.ts, which runs last.
  const queryLog = path.join(workDir, 'api-queries.jsonl');
  // Its administrator is an account the API tests create with this uid (tests/support/admin.ts), apart from the demo
  // one; tests/api/moderators.test.ts verifies the email and signs in as an administrator by email.
  const admins = { TAKES_ADMIN_UIDS: 'api-admin', TAKES_ADMIN_EMAILS: 'commissioner@admins.test' };
  const api = suites.api
    ? await startServer({ ...env, ...admins, MONGODB_URI: apiDb, RATE_LIMIT_SCALE: '1000', TAKES_QUERY_LOG: queryLog }, DIST)
    : null;
  if (api) servers.push(api);
  // As behind one proxy (TAKES_TRUSTED_PROXY_HOPS=1): the journeys' crowd of fans each send an X-Forwarded-For of their
  // own (e2e/support/fans.ts), which stands for the address such a proxy appends.
  const web = suites.e2e ? await startServer({ ...env, MONGODB_URI: e2eDb, TAKES_TRUSTED_PROXY_HOPS: '1' }, DIST) : null;
  if (web) servers.push(web);

  const apiEnv = { ...env, ...admins, NODE_ENV: 'test', MONGODB_URI: apiDb, NEXT_DIST_DIR: DIST };
  // A file named after `--` belongs to one of the suites `--only api` runs; the other has none to run.
  const narrowed = passThrough.length > 0 ? ['--passWithNoTests'] : [];
  /** @param {string} name @param {string} project @param {Record<string, string>} extraEnv */
  const jest = (name, project, extraEnv) =>
    task(name, bin('jest'), ['--selectProjects', project, '--runInBand', ...narrowed, ...jestResults(project), ...passThrough], extraEnv, {
      quiet: besideOthers,
    });
  const apiSuite = async () => {
    if (api) {
      await jest('API integration tests', 'api', {
        ...apiEnv,
        API_BASE_URL: api.url,
        INDEX_COVERAGE_LOG: queryLog,
        INDEX_COVERAGE_DATA_LOG: dataQueries,
      });
    }
  };
  // Outages, loopback ports, image renders, the seed: each file starts what it needs, on databases of its own.
  const isolated = async () => {
    if (suites.api) await jest('isolated integration tests', 'isolated', apiEnv);
  };
  // The fuzz run has a server and a database of its own: the API suite's last test judges every command its server
  // logged, and what the fuzz run sends is no query the app makes.
  const fuzzRun = async () => {
    if (suites.api && passThrough.length === 0) {
      const name = 'API fuzz run (schemathesis, 50 examples per operation)';
      say('test', name);
      const log = stepLog(name, besideOthers);
      const fuzzStarted = Date.now();
      try {
        const server = await startServer({ ...env, ...admins, MONGODB_URI: fuzzDb, RATE_LIMIT_SCALE: '1000' }, DIST);
        servers.push(server);
        const token = await fuzzAccount(server.url, env.FIREBASE_AUTH_EMULATOR_HOST);
        // A fixed seed keeps the bounded run the same every time; `npm run fuzz` explores with a fresh one.
        await fuzz({
          st: ensureSchemathesis(),
          appUrl: server.url,
          token,
          examples: 50,
          reportDir: path.join(ROOT, 'test-results', 'fuzz'),
          seed: Number(process.env.FUZZ_SEED ?? 20261123),
          log,
        });
      } finally {
        if (log) await showLog(name, log);
      }
      say('test', `${name} passed (${((Date.now() - fuzzStarted) / 1000).toFixed(0)}s)`);
    }
  };
  const multi = async () => {
    if (suites.multi) {
      // Several `next start` processes of this build over one database and one Redis, each started by the suite itself
      // (tests/support/cluster.ts), so it can kill them.
      await jest('multi-instance tests', 'multi', {
        ...env,
        TAKES_ADMIN_UIDS: 'api-admin',
        NODE_ENV: 'test',
        NEXT_DIST_DIR: DIST,
        REDIS_SERVER_BIN: redisServer,
        COMPOSE_RENDERER: composeRenderer,
      });
    }
  };

  // The browser suite: with `--only e2e` both projects, one after the other; in a whole run the journeys and the
  // accessibility audits (playwright.config.ts) in runs of their own, each with its own results and report folders.
  // NEXT_DIST_DIR: e2e/database-outage.spec.ts starts an app server of its own from the same build.
  /** @param {string} name @param {string} project @param {string[]} args @param {Record<string, string>} [apart] */
  const playwright =
    (name, project, args, apart = {}) =>
    async () => {
      if (web) {
        const e2eEnv = {
          ...env,
          ...apart,
          MONGODB_URI: e2eDb,
          E2E_BASE_URL: web.url,
          E2E_RESULTS_FILE: resultsFile(project),
          NEXT_DIST_DIR: DIST,
        };
        await task(name, bin('playwright'), ['test', ...args, ...passThrough], e2eEnv, { quiet: besideOthers });
      }
    };
  const noSuite = async () => {};
  const browserJourneys = only
    ? playwright('browser tests (Playwright)', 'e2e', [])
    : playwright('browser journeys (Playwright)', 'journeys', ['--project', 'journeys']);
  const browserAudits = only
    ? noSuite
    : playwright('accessibility audits (Playwright)', 'audits', ['--project', 'audits', '--output', 'test-results/e2e-audits'], {
        PLAYWRIGHT_HTML_OUTPUT_DIR: 'playwright-report/audits',
      });
  // Longest first, by their times on two cores beside one another: each lane takes the next suite as it comes free.
  // With `--only`, one lane: its suites one after the other, their output as it comes.
  await lanes(besideOthers ? 3 : 1, [browserJourneys, multi, apiSuite, browserAudits, isolated, fuzzRun]);
} catch (error) {
  failed = true;
  console.error(`\nerror: ${error instanceof Error ? error.message : error}`);
} finally {
  for (const server of servers) server.stop();
  await stack?.stop();
  const { passed, failed: failedTests } = totals();
  say('test', `the run took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  console.log(`\ntests: ${passed} passed, ${failedTests} failed`);
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
