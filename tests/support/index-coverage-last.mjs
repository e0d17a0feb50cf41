// Jest's own order, except that the index-coverage test runs after every other
// test file: it judges the queries the others made the server send.
import TestSequencer from '@jest/test-sequencer';

const Base = TestSequencer.default ?? TestSequencer;
const isCoverage = (test) => test.path.endsWith('index-coverage.test.ts');

export default class IndexCoverageLast extends Base {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((t) => !isCoverage(t)), ...sorted.filter(isCoverage)];
  }
}
