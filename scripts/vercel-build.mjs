// @ts-check
// `npm run vercel:check`: builds the site as Vercel does, offline (`vercel build` needs no login given a
// .vercel/project.json), and reports each function's unzipped size against Vercel's 250 MB limit; a function over it
// fails the run. The CLI is installed once into ~/.cache/takes (npm), like the linters the tests use. The build goes to
// .vercel/output with its own dist folder (.next-vercel), so a dev server's or a test run's build is left alone.
//   node scripts/vercel-build.mjs [--keep]   --keep leaves .vercel/output for a look
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, say, SetupError } from './lib/services.mjs';

// Newer CLIs do not install on this machine's Node, and npm ci refuses locks made with some between: this one does both.
const VERCEL = '58.10.0';
const HOME = path.join(os.homedir(), '.cache', 'takes', `vercel-${VERCEL}`);
/** Vercel's limit on a function's unzipped size (its files and the packages it bundles). */
const LIMIT_BYTES = 250 * 1024 * 1024;
const MB = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ensureVercel() {
  const bin = path.join(HOME, 'node_modules', '.bin', 'vercel');
  if (existsSync(bin)) return bin;
  say('vercel', `installing the Vercel CLI ${VERCEL} into ${HOME}…`);
  rmSync(HOME, { recursive: true, force: true });
  mkdirSync(HOME, { recursive: true });
  writeFileSync(path.join(HOME, 'package.json'), '{ "private": true }\n');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `vercel@${VERCEL}`], {
    cwd: HOME,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    rmSync(HOME, { recursive: true, force: true });
    throw new SetupError(`could not install the Vercel CLI ${VERCEL}.`);
  }
  return bin;
}

/**
 * Bytes of a file or folder, following links (a function's folder links to the files it shares).
 * @param {string} target
 * @param {Set<string>} seen
 * @returns {number}
 */
function sizeOf(target, seen = new Set()) {
  const stat = statSync(target);
  if (seen.has(`${stat.dev}:${stat.ino}`)) return 0;
  seen.add(`${stat.dev}:${stat.ino}`);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((/** @type {number} */ sum, entry) => sum + sizeOf(path.join(target, entry), seen), 0);
}

/**
 * Every function of the build output: its folder's files and the ones its config maps in from elsewhere. Routes that
 * share a function are links to one folder, counted once, with every route it serves.
 */
function functions(/** @type {string} */ output) {
  /** @type {Map<string, { names: string[]; bytes: number }>} */
  const found = new Map();
  const visit = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (!entry.endsWith('.func')) {
        if (lstatSync(full).isDirectory()) visit(full);
        continue;
      }
      const name = path.relative(path.join(output, 'functions'), full).replace(/\.func$/, '');
      const real = realpathSync(full);
      const known = found.get(real);
      if (known) {
        known.names.push(name);
        continue;
      }
      /** @type {Set<string>} */
      const seen = new Set();
      let bytes = sizeOf(real, seen);
      const config = JSON.parse(readFileSync(path.join(real, '.vc-config.json'), 'utf8'));
      for (const source of Object.values(config.filePathMap ?? {})) {
        const file = path.resolve(ROOT, /** @type {string} */ (source));
        if (existsSync(file)) bytes += sizeOf(file, seen);
      }
      found.set(real, { names: [name], bytes });
    }
  };
  visit(path.join(output, 'functions'));
  return [...found.values()]
    .map((fn) => ({ ...fn, name: fn.names.sort((a, b) => a.length - b.length || a.localeCompare(b))[0] ?? '' }))
    .sort((a, b) => b.bytes - a.bytes);
}

try {
  const vercel = ensureVercel();
  const settings = path.join(ROOT, '.vercel', 'project.json');
  // An unlinked project's settings: the build reads them instead of asking Vercel.
  mkdirSync(path.dirname(settings), { recursive: true });
  writeFileSync(
    settings,
    JSON.stringify({
      projectId: 'prj_takes_offline',
      orgId: 'team_takes_offline',
      // node_modules is there already (npm ci made it from the lockfile): nothing to install, nothing to change.
      // The build's own dist folder (below), where Vercel's builder looks for Next's output.
      settings: { framework: 'nextjs', nodeVersion: '24.x', installCommand: 'true', outputDirectory: '.next-vercel' },
    }),
  );
  const started = Date.now();
  const tsconfig = readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8');
  const build = spawnSync(vercel, ['build', '--yes'], {
    cwd: ROOT,
    stdio: 'inherit',
    // What the Deploy button's variables give a build; the build itself reads none of them but the public ones.
    env: { ...process.env, NEXT_DIST_DIR: '.next-vercel', NEXT_TELEMETRY_DISABLED: '1', VERCEL_TELEMETRY_DISABLED: '1' },
  });
  // `next build` adds its dist folder's types to tsconfig.json; that folder is this run's, not the project's.
  writeFileSync(path.join(ROOT, 'tsconfig.json'), tsconfig);
  if (build.status !== 0) throw new SetupError('vercel build failed; see the output above.');
  const list = functions(path.join(ROOT, '.vercel', 'output'));
  const largest = list[0];
  if (!largest) throw new SetupError('vercel build wrote no function.');
  const routes = list.reduce((sum, fn) => sum + fn.names.length, 0);
  say(
    'vercel',
    `built in ${((Date.now() - started) / 1000).toFixed(0)}s: ${list.length} functions serving ${routes} routes, against the 250 MB limit`,
  );
  for (const fn of list)
    say('vercel', `${MB(fn.bytes).padStart(9)}  ${fn.name} (${fn.names.length} route${fn.names.length === 1 ? '' : 's'})`);
  const over = list.filter((fn) => fn.bytes > LIMIT_BYTES);
  if (over.length > 0) throw new SetupError(`${over.length} function(s) over 250 MB unzipped: ${over.map((fn) => fn.name).join(', ')}`);
  say('vercel', `largest: ${largest.name}, ${MB(largest.bytes)} of 250 MB (${((largest.bytes / LIMIT_BYTES) * 100).toFixed(0)}%)`);
  if (!process.argv.includes('--keep')) rmSync(path.join(ROOT, '.vercel'), { recursive: true, force: true });
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
