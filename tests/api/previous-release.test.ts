import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, UNKNOWN_TO_PREVIOUS_RELEASE } from '@/lib/data/maintenance/migrations';
import { call, postTake, signUp } from '@/tests/support/api';

// The rule in lib/data/maintenance/migrations.ts: a release's migrations and indexes keep the release before it
// working, which runs beside it while a deploy rolls out and alone after a rollback (docs/operating.md). Run after
// every other test file but the index coverage (tests/support/index-coverage-last.mjs), on the suite's database: this
// release's server migrated it as it started, and the suite has filled it through this release's API since.

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/**
 * The release before this one: TAKES_PREVIOUS_RELEASE when set (a commit or tag, e.g. what production runs, to check
 * an upgrade before deploying it), else, as far as the models go, this checkout's last commit when its models have
 * changes not committed yet, or the commit before the last one that changed them. Needs the repository's history (a
 * clone, not a copy of its files).
 */
function previousRelease(): string {
  const named = process.env.TAKES_PREVIOUS_RELEASE;
  if (named) return git('rev-parse', `${named}^{commit}`);
  if (git('status', '--porcelain', '--', 'models') !== '') return git('rev-parse', 'HEAD');
  return git('rev-parse', `${git('log', '-1', '--format=%H', '--', 'models')}^`);
}

type Reads = Record<string, { read: number; refused: Record<string, string[]> }>;

// What this release writes on its everyday paths, so there is some whatever ran before (this file runs alone too).
beforeAll(async () => {
  const author = await signUp('release');
  const fan = await signUp('releasefan');
  const take = await postTake(author);
  expect((await call('POST', '/api/comments', { token: fan.idToken, body: { text: 'A comment', postID: take._id } })).status).toBe(201);
  expect((await call('POST', '/api/user-action', { token: fan.idToken, body: { actionType: 'like', postID: take._id } })).status).toBe(200);
  expect((await call('POST', `/api/users/${author.uid}/follow`, { token: fan.idToken })).status).toBeLessThan(300);
}, 60_000);

/** A release's models reading the suite's database (tests/support/release-reads.ts), in a process of their own. */
function readsWith(modelsIndex: string): Reads {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/release-reads.ts', modelsIndex, process.env.MONGODB_URI!], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (run.status !== 0) throw new Error(`reading with ${modelsIndex} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as Reads;
}

it('says, for every migration, why the release before it keeps working on what it wrote', () => {
  const unexplained = MIGRATIONS.filter((migration) => migration.compatibility.trim().length < 60).map((migration) => migration.name);
  expect(unexplained).toEqual([]);
});

it("reads this release's migrated database with the previous release's models, which accept every document this release's accept", () => {
  const previous = previousRelease();
  const dir = path.join(process.cwd(), 'test-results', 'previous-release', previous.slice(0, 12));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', previous, 'models'], { maxBuffer: 64 * 1024 * 1024 });
  expect(archive.status).toBe(0);
  expect(spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout }).status).toBe(0);

  const before = readsWith(path.join(dir, 'models', 'index.ts'));
  const now = readsWith(path.join(process.cwd(), 'models', 'index.ts'));

  // What the release before refuses that this one accepts, per collection and document: a type narrowed, a value it
  // does not know, a field it requires that this release no longer writes.
  const onlyBefore: Record<string, Record<string, string[]>> = {};
  for (const [collection, { refused }] of Object.entries(before)) {
    for (const [id, paths] of Object.entries(refused)) {
      const here = new Set(now[collection]?.refused[id] ?? []);
      const extra = paths.filter((p) => !here.has(p));
      if (extra.length) (onlyBefore[collection] ??= {})[id] = extra;
    }
  }
  // Nothing else: a value this release lists as unknown to the release before (with how to roll back across it) is the
  // one refusal allowed.
  const listed = new Set(UNKNOWN_TO_PREVIOUS_RELEASE.map((v) => `${v.collection}.${v.path}: enum`));
  const unlisted = Object.entries(onlyBefore).flatMap(([collection, documents]) =>
    Object.entries(documents).flatMap(([id, paths]) =>
      paths.filter((p) => !listed.has(`${collection}.${p}`)).map((p) => `${collection} ${id}: ${p}`),
    ),
  );
  expect(unlisted).toEqual([]);
  // It read what this release wrote: the shipped league (and teams the league tests added), fans, takes, reactions.
  expect(before.teams?.read).toBeGreaterThanOrEqual(30);
  for (const collection of ['users', 'takes', 'comments', 'useractions', 'follows', 'systemstate'])
    expect(before[collection]?.read).toBeGreaterThan(0);
}, 420_000);
