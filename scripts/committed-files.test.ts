import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(process.cwd(), 'scripts', 'committed-files.mjs');
const BINARY = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]);

/** Runs the check in a fresh repository with `files` added to its index; its complaints, one a line. */
function check(files: Record<string, string | Buffer>): string[] {
  const root = mkdtempSync(path.join(os.tmpdir(), 'committed-files-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }
    execFileSync('git', ['init', '-q'], { cwd: root });
    // -f: a build folder is committed exactly when someone forces it past an ignore rule, or adds it before one.
    execFileSync('git', ['add', '-f', '.'], { cwd: root });
    const run = spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' });
    const problems = run.stderr.split('\n').filter(Boolean);
    expect(run.status).toBe(problems.length ? 1 : 0);
    return problems;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the committed-files check (npm run lint)', () => {
  it('passes source, text and the listed binary assets', () => {
    expect(
      check({
        'lib/a.ts': 'export const a = 1;\n',
        'localdb/pom.xml': '<project/>\n',
        'public/icon.svg': '<svg/>\n',
        'assets/fonts/inter-latin-400-normal.woff': BINARY,
        'public/icons/icon-192.png': BINARY,
        'public/favicon.ico': BINARY,
      }),
    ).toEqual([]);
  });

  it('fails on build output, whatever its content', () => {
    expect(
      check({
        'localdb/target/localdb.jar': BINARY,
        'localdb/target/maven-status/inputFiles.lst': 'LocalDb.java\n',
        'lib/Thing.class': BINARY,
        '.next/server/page.js': 'module.exports = 1;\n',
        'dist/index.js': 'export {};\n',
        'tsconfig.tsbuildinfo': '{}\n',
      }).sort(),
    ).toEqual([
      '.next/server/page.js: build output is not committed (git rm --cached it and ignore it)',
      'dist/index.js: build output is not committed (git rm --cached it and ignore it)',
      'lib/Thing.class: build output is not committed (git rm --cached it and ignore it)',
      'localdb/target/localdb.jar: build output is not committed (git rm --cached it and ignore it)',
      'localdb/target/maven-status/inputFiles.lst: build output is not committed (git rm --cached it and ignore it)',
      'tsconfig.tsbuildinfo: build output is not committed (git rm --cached it and ignore it)',
    ]);
  });

  it('fails on a binary file found by its content, under any name, outside the list', () => {
    expect(
      check({
        'scripts/seed-data/players.json': BINARY,
        'public/photo.png': BINARY,
        'assets/fonts/other.woff2': BINARY,
      }).sort(),
    ).toEqual([
      'assets/fonts/other.woff2: a binary file that is not a listed asset (scripts/committed-files.mjs BINARY_ASSETS)',
      'public/photo.png: a binary file that is not a listed asset (scripts/committed-files.mjs BINARY_ASSETS)',
      'scripts/seed-data/players.json: a binary file that is not a listed asset (scripts/committed-files.mjs BINARY_ASSETS)',
    ]);
  });
});
