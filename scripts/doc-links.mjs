// @ts-check
// The docs check, the last step of `npm run lint`: every relative link in the Markdown files names a file in the
// repository, every cited section (a Markdown link's #anchor, or a comment's `docs/product.md#limits`) is a heading of
// that file, and every file path that a comment or a Markdown code span names (`lib/data/shared/keyset.ts`,
// `components/take-card/`) exists, so a newcomer who follows one never lands on nothing. A path counts when it has a
// folder in it and starts at the repository's root (a top-level folder or file), at `@/`, or at `./` or `../`; globs and
// placeholders (`app/api/**/route.ts`, `lib/validation/<x>.ts`) are patterns, not paths, and a path Git ignores
// (`bench/results/`) names what a run produces.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(f));
const topLevel = new Set(tracked.map((f) => f.split('/')[0]));

/**
 * A path-like token: segments of name characters (brackets for dynamic routes) with at least one slash, not inside a
 * URL or a word. A trailing full stop ends the sentence, not the name.
 */
const PATH = /(?<![\w/.:@~#-])(@\/|\.{1,2}\/)?((?:[\w.[\]-]+\/)+(?:[\w.[\]-]*[\w\]/])?)(?![\w*<{…/])/g;

/** @type {{ from: string; path: string; candidates: string[] }[]} */
const named = [];
function collectPaths(/** @type {string} */ from, /** @type {string} */ text, /** @type {string[]} */ bases) {
  for (const [, prefix = '', raw = ''] of text.matchAll(PATH)) {
    const relative = prefix === './' || prefix === '../';
    if (!relative && prefix !== '@/' && !topLevel.has(raw.split('/')[0] ?? '')) continue;
    const target = prefix === '@/' ? raw : prefix + raw;
    const candidates = relative ? [path.join(path.dirname(from), target)] : prefix === '@/' ? [raw] : bases.map((b) => path.join(b, raw));
    named.push({ from, path: target, candidates });
  }
}

/** The comments of a TypeScript or JavaScript file, as the compiler reads them (a `//` in a string is none). */
function scriptComments(/** @type {string} */ file, /** @type {string} */ text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  /** @type {Map<number, string>} */
  const comments = new Map();
  const take = (/** @type {ts.CommentRange[] | undefined} */ ranges) => {
    for (const r of ranges ?? []) comments.set(r.pos, text.slice(r.pos, r.end));
  };
  // Every token's trivia, punctuation's too (a comment alone in a JSX `{}` is its closing brace's); JSX text is text,
  // whatever it starts with, so nothing starting where it starts is read.
  /** @type {ts.Node[]} */
  const nodes = [];
  const walk = (/** @type {ts.Node} */ node) => {
    for (const child of node.getChildren(source)) {
      nodes.push(child);
      walk(child);
    }
  };
  walk(source);
  const jsxText = new Set(nodes.filter((n) => n.kind === ts.SyntaxKind.JsxText).map((n) => n.pos));
  for (const { pos } of nodes) {
    if (jsxText.has(pos)) continue;
    // The compiler calls the comments before the trivia's first line break trailing, the rest leading: both are read.
    take(ts.getTrailingCommentRanges(text, pos));
    take(ts.getLeadingCommentRanges(text, pos));
  }
  return [...comments.values()];
}

/** The comments of a file by its kind; none for a kind that has no comments worth reading. */
function commentsOf(/** @type {string} */ file) {
  const text = readFileSync(file, 'utf8');
  if (/\.(ts|tsx|mjs|js)$/.test(file)) return scriptComments(file, text);
  if (/\.(css|java)$/.test(file)) return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0]);
  if (/\.(ya?ml|toml)$|^\.env\.example$|^\.ci\//.test(file)) return [...text.matchAll(/(?:^|\s)#[^\n]*/g)].map((m) => m[0]);
  return [];
}

for (const file of tracked.filter((f) => f.endsWith('.md') && !f.includes('/target/'))) {
  const text = readFileSync(file, 'utf8');
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!/^[a-z]+:/.test(target)) check(file, target, path.dirname(file));
  }
  // A code span's path is read from the Markdown file's folder first (bench/README.md names the files of its own lib/
  // that way), then from the root.
  for (const [span = ''] of text.matchAll(/`[^`\n]+`/g)) collectPaths(file, span, [path.dirname(file), '.']);
}
for (const file of tracked.filter((f) => !f.endsWith('.md') && !f.includes('/target/'))) {
  for (const comment of commentsOf(file)) {
    for (const [target = ''] of comment.matchAll(/docs\/[\w-]+\.md#[\w-]+/g)) check(file, target, '.');
    // A comment's path starts at the root; one in a nested package (bench/) may also start at its own folder.
    collectPaths(file, comment, ['.', path.dirname(file)]);
  }
}

/** A file or folder, or a module named as an import names it: without its extension, or a folder by its index. */
const found = (/** @type {string} */ candidate) =>
  ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts'].some((suffix) => existsSync(candidate + suffix));
const missing = named.filter((n) => !n.candidates.some(found));
// check-ignore lists the ignored ones and exits 1 when there are none; 128 is its own failure.
const ignoring = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
  input: missing.flatMap((m) => m.candidates).join('\n'),
  encoding: 'utf8',
});
if (ignoring.status === 128 || ignoring.error) throw ignoring.error ?? new Error(ignoring.stderr);
const ignored = new Set(ignoring.stdout.split('\n').filter(Boolean));
for (const { from, path: target, candidates } of missing) {
  if (!candidates.some((c) => ignored.has(c))) problems.push(`${from}: ${target} names no file or folder in the repository`);
}

for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
