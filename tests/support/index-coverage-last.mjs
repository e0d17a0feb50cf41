// Jest's own order, except that two test files run after every other: the previous
// release's reads (tests/api/previous-release.test.ts), on the database the others
// filled, then the index coverage, which judges the queries the others made the
// server send.
import TestSequencer from '@jest/test-sequencer';

const Base = TestSequencer.default ?? TestSequencer;
const LAST = ['previous-release.test.ts', 'index-coverage.test.ts'];
const rank = (test) => LAST.findIndex((name) => test.path.endsWith(name));

export default class IndexCoverageLast extends Base {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((t) => rank(t) < 0), ...LAST.flatMap((_, i) => sorted.filter((t) => rank(t) === i))];
  }
}
