// @ts-check
// The check of what Git tracks, a step of `npm run lint`: nothing built is committed (a build folder, compiled
// classes, archives, native objects), and no binary file is, except the assets listed below. Whatever a build makes
// is made again on every clone (`localdb/` is built by scripts/lib/services.mjs in a folder of its own), so a
// committed copy only goes stale and weighs on every clone. A file is binary when its first 8,000 bytes hold a NUL
// byte, as Git itself decides.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';

/** Folders and files that only a build, an install or a run makes: never committed, wherever they sit. */
const BUILT = [
  /(^|\/)(node_modules|target|dist|out|build|coverage|test-results|playwright-report)\//,
  /(^|\/)\.next(-[^/]*)?\//,
  /^bench\/results\//,
  /\.(class|jar|war|ear|o|obj|so|dylib|dll|exe|pyc|node|tsbuildinfo)$/,
];

/**
 * The binary files the site ships as they are, each made by hand or by a script from a source beside it: the share
 * images' fonts (Inter, licensed in assets/fonts/LICENSE-Inter.txt) and the site's icons (drawn from public/icon.svg by
 * scripts/generate-icons.mjs, which says why they are committed). A new binary asset is added here, with its reason.
 */
const BINARY_ASSETS = [
  /^assets\/fonts\/inter-[a-z-]+-\d00-normal\.woff$/,
  /^public\/icons\/icon(-maskable)?-\d+\.png$/,
  /^public\/apple-touch-icon\.png$/,
  /^public\/favicon\.ico$/,
];

/** Whether the start of a file holds a NUL byte (Git's own test of a binary file). */
function isBinary(/** @type {string} */ file) {
  const buffer = Buffer.alloc(8000);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).includes(0);
  } finally {
    closeSync(fd);
  }
}

const tracked = execFileSync('git', ['ls-files', '-z', '--cached'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
  .split('\0')
  .filter(Boolean);

/** @type {string[]} */
const problems = [];
for (const file of tracked) {
  if (BUILT.some((pattern) => pattern.test(file)))
    problems.push(`${file}: build output is not committed (git rm --cached it and ignore it)`);
  else if (!BINARY_ASSETS.some((pattern) => pattern.test(file)) && existsSync(file) && isBinary(file))
    problems.push(`${file}: a binary file that is not a listed asset (scripts/committed-files.mjs BINARY_ASSETS)`);
}

if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
