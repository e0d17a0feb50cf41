import { checkInScratchRepo } from '@/tests/support/scratch-repo';

const BINARY = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]);

const check = (files: Record<string, string | Buffer>) => checkInScratchRepo('committed-files.mjs', files, { stage: true });

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
