// @ts-check
// `npm run lint:docs` (part of `npm run lint`): every relative link in the README and docs/ names a file in the
// repository, and every cited section (a Markdown link's #anchor, or a comment's `docs/product.md#limits`) is a heading
// of that file, so a newcomer who follows one never lands on nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (/** @type {string} */ heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** @type {Map<string, Set<string>>} */
const anchorsOf = new Map();
function anchors(/** @type {string} */ file) {
  let found = anchorsOf.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    found = new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')));
    anchorsOf.set(file, found);
  }
  return found;
}

/** @type {string[]} */
const problems = [];
function check(/** @type {string} */ from, /** @type {string} */ target, /** @type {string} */ base) {
  const [file = '', anchor] = target.split('#');
  const resolved = file ? path.normalize(path.join(base, file)) : from;
  if (!existsSync(resolved)) problems.push(`${from}: ${target} names no file in the repository`);
  else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) problems.push(`${from}: ${target} names no section`);
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\n');
for (const file of tracked.filter((f) => f === 'README.md' || /^docs\/.*\.md$/.test(f))) {
  for (const [, target = ''] of readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!/^[a-z]+:/.test(target)) check(file, target, path.dirname(file));
  }
}
for (const file of tracked.filter((f) => /\.(ts|tsx|mjs|js|css|yaml|toml)$/.test(f) && existsSync(f))) {
  for (const [target = ''] of readFileSync(file, 'utf8').matchAll(/docs\/[\w-]+\.md#[\w-]+/g)) check(file, target, '.');
}
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
