import { existsSync, readFileSync } from 'node:fs';
import type { QueryLogLine } from '@/lib/query-log';
import { ALL_MODELS } from '@/models';
import { call, PLAYER } from '@/tests/support/api';
import { shapesIn, unservedBranches, type Direction, type IndexSpec } from '@/tests/support/index-coverage';

// The API server of `npm test` logs every command it sends (TAKES_QUERY_LOG, lib/query-log.ts)
// to this file, and the suite's sequencer (tests/support/index-coverage-last.mjs) runs this
// file last, so the log holds the queries of every other API test.
const LOG = process.env.INDEX_COVERAGE_LOG;
// The data tests (tests/data), which npm test runs before the suites, log theirs to this one: the data layer's commands
// that no HTTP test sends any more (the callers' scoring, a league import's reads) are judged with the rest.
const DATA_LOG = process.env.INDEX_COVERAGE_DATA_LOG;
/**
 * The full recount of every counter (lib/data/counters/recounts.ts countAll without ids: `npm run repair-counts`, which
 * the data tests call) reads each collection whole by design; its grouped counts are the one read no index is for.
 */
const FULL_RECOUNT: [string, unknown][] = [
  ['comments', { deletedAt: '?' }],
  ['receiptvotes', { vote: '?' }],
];
const isFullRecount = (line: QueryLogLine) =>
  line.op === 'aggregate' &&
  FULL_RECOUNT.some(([coll, filter]) => line.coll === coll && JSON.stringify(line.filter) === JSON.stringify(filter));
const read = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as QueryLogLine)
    : [];

type Declared = [Record<string, Direction>, { unique?: boolean }?];

/** Every index models/ declares, each collection's _id index, and the two the driver makes for GridFS (avatars). */
function declaredIndexes(): IndexSpec[] {
  const specs: IndexSpec[] = [];
  for (const model of ALL_MODELS) {
    const collection = model.collection.collectionName;
    specs.push({ collection, key: [['_id', 1]], unique: true, origin: '_id' });
    for (const [fields, options] of model.schema.indexes() as Declared[]) {
      specs.push({ collection, key: Object.entries(fields), unique: Boolean(options?.unique), origin: `models: ${model.modelName}` });
    }
  }
  // GridFSBucket creates these on its first upload (lib/data/people/avatars.ts); they are the driver's, not ours.
  specs.push(
    { collection: 'avatars.files', key: [['_id', 1]], unique: true, origin: '_id' },
    {
      collection: 'avatars.files',
      key: [
        ['filename', 1],
        ['uploadDate', 1],
      ],
      unique: false,
      origin: 'GridFS',
    },
    { collection: 'avatars.chunks', key: [['_id', 1]], unique: true, origin: '_id' },
    {
      collection: 'avatars.chunks',
      key: [
        ['files_id', 1],
        ['n', 1],
      ],
      unique: true,
      origin: 'GridFS',
    },
  );
  return specs;
}

const INDEXES = declaredIndexes();

beforeAll(async () => {
  // Run on its own, the log would hold nothing to judge: read the hot lists once so it does.
  for (const path of [
    '/api/takes',
    '/api/takes?sort=new',
    '/api/takes/trending?timeRange=24h',
    '/api/takes/topics/trending?timeRange=week',
    '/api/takes/topics/trending?timeRange=all',
    '/api/takes/topics/trending?timeRange=all&type=players',
    `/api/players/${PLAYER.id}`,
    '/api/search/takes?q=jokic',
  ]) {
    expect((await call('GET', path)).status).toBe(200);
  }
});

it('finds an index serving every query shape the data layer sent, in equality, sort, range order', () => {
  if (!LOG) throw new Error('INDEX_COVERAGE_LOG is not set: run the API tests with npm test');
  const lines = [...read(LOG), ...(DATA_LOG ? read(DATA_LOG).filter((line) => !isFullRecount(line)) : [])];
  const shapes = shapesIn(lines);
  expect(shapes.length).toBeGreaterThan(0);
  const unserved = shapes.flatMap((shape) =>
    unservedBranches(shape, INDEXES).map(
      (branch) =>
        `${shape.coll}.${shape.op} ${JSON.stringify(shape.filter)} sort ${JSON.stringify(shape.sort ?? {})} (×${shape.times}): no index for ${branch}`,
    ),
  );
  expect(unserved).toEqual([]);
});

describe('the check', () => {
  const takes = (filter: unknown, sort?: Record<string, Direction>) =>
    unservedBranches({ coll: 'takes', filter, ...(sort ? { sort } : {}) }, INDEXES);

  it('accepts a feed page: a range on the sort key, then equality on it with a range on _id', () => {
    expect(takes({ $or: [{ score: { $lt: '?' } }, { score: '?', _id: { $lt: '?' } }] }, { score: -1, _id: -1 })).toEqual([]);
  });

  it('flags a filter on a field no index starts with', () => {
    expect(takes({ title: '?' })).toHaveLength(1);
  });

  it('flags a sort the index cannot walk after the equality fields', () => {
    expect(takes({ entityKey: '?' }, { popularity: -1, title: 1 })).toHaveLength(1);
  });

  it('flags a sort whose directions disagree with every index', () => {
    expect(takes({}, { score: -1, _id: 1 })).toHaveLength(1);
  });

  it('flags a collection no model declares', () => {
    expect(unservedBranches({ coll: 'nowhere', filter: { a: '?' } }, INDEXES)).toHaveLength(1);
  });
});

describe("the callers' queries (lib/data/callers/, crowd-snapshot.ts, signup-cohort.ts)", () => {
  // Named here too, as some run only on a schedule or once (a migration) and may be missing from a run's log.
  const shapes: [string, unknown, Record<string, Direction>?][] = [
    ['takes', { checkBackAt: { $gte: '?', $lte: '?' } }, { checkBackAt: -1, _id: -1 }],
    ['takes', { checkBackAt: { $ne: null } }, { checkBackAt: -1, _id: -1 }],
    ['takes', { createdBy: '?' }, { createdAt: 1 }],
    ['comments', { user: '?' }, { createdAt: 1 }],
    ['useractions', { user: '?' }, { updatedAt: 1 }],
    ['useractions', { target: '?', actionType: { $in: ['?'] } }],
    ['useractions', { user: '?', updatedAt: { $gte: '?', $lte: '?' } }, { updatedAt: -1 }],
    ['receiptvotes', { user: '?', updatedAt: { $gte: '?', $lte: '?' } }, { updatedAt: -1 }],
    ['users', { _id: { $in: ['?'] } }],
    ['callerscores', {}],
    ['ratelimits', { key: '?', expire: { $gt: '?' } }],
    ['receiptvotes', { take: '?' }],
    ['receiptvotes', { user: '?', author: '?' }, { createdAt: 1 }],
    ['blocks', { user: '?', target: { $in: ['?'] }, kind: '?' }],
    ['follows', { follower: { $in: ['?'] }, followee: '?' }],
    ['callerscores', { _id: { $in: ['?'] } }],
    ['callerscores', { author: '?' }, { dueAt: -1, _id: -1 }],
    ['callerscores', { followed: true }, { scoredAt: -1, _id: -1 }],
    ['callerstats', { board: '?', qualified: true, rating: { $gt: '?' } }],
    ['callerstats', { user: '?' }],
    ['ratelimits', { key: '?', points: { $lt: '?' } }],
  ];
  it.each(shapes.map(([coll, filter, sort]) => ({ coll, filter, sort })))('serves $coll $filter', ({ coll, filter, sort }) => {
    expect(unservedBranches({ coll, filter, ...(sort ? { sort } : {}) }, INDEXES)).toEqual([]);
  });
});

describe("the league's queries (lib/data/league/, lib/data/discovery/entities.ts)", () => {
  // The console's searches in each combination, the importer's reads, a rename's takes, and what runs only after an
  // interruption or once (a migration). A team's page reads by entityKeys, as every entity page does.
  const shapes: [string, unknown, Record<string, Direction>?][] = [
    ['players', { searchKeys: { $all: ['?'] } }, { name: 1 }],
    ['players', { teamId: '?' }, { name: 1 }],
    ['players', { status: '?' }, { name: 1 }],
    ['players', { teamId: '?', status: '?' }, { name: 1 }],
    ['players', { searchKeys: { $all: ['?'] }, teamId: '?', status: '?' }, { name: 1 }],
    ['players', { $or: [{ _id: { $in: ['?'] } }, { teamId: { $in: ['?'] } }] }],
    ['players', { teamId: { $ne: null }, $or: [{ stints: { $exists: false } }, { stints: { $size: 0 } }] }],
    ['players', { searchKeys: { $exists: false } }],
    ['takes', { entityKeys: '?' }],
    ['games', { tipoff: { $gte: '?', $lt: '?' } }, { tipoff: 1, _id: 1 }],
    ['games', { _id: { $in: ['?'] } }],
    ['leaguebatches', { state: '?', createdAt: { $lt: '?' } }, { createdAt: 1 }],
    ['leaguechanges', { $or: [{ createdAt: { $lt: '?' } }, { createdAt: '?', _id: { $lt: '?' } }] }, { createdAt: -1, _id: -1 }],
  ];
  it.each(shapes.map(([coll, filter, sort]) => ({ coll, filter, sort })))('serves $coll $filter', ({ coll, filter, sort }) => {
    expect(unservedBranches({ coll, filter, ...(sort ? { sort } : {}) }, INDEXES)).toEqual([]);
  });
});

describe("the calls' queries (lib/data/calls/, lib/data/callers/call-scoring.ts, saves)", () => {
  // Named here too: the scheduled job's voids and scoring, a season's settlement and a deleted account's calls run
  // rarely, and settlement's writes filter by _id with conditions the unique _id serves.
  const shapes: [string, unknown, Record<string, Direction>?][] = [
    ['calls', { take: '?' }],
    ['calls', { game: { $in: ['?'] } }],
    ['calls', { game: '?', result: { $ne: null } }],
    ['calls', { scope: 'season', season: { $in: ['?'] }, teams: { $in: ['?'] } }],
    ['calls', { scope: 'game', result: null, lockAt: { $lte: '?' } }],
    ['calls', { judged: false, finalAt: { $lte: '?' } }],
    ['calls', { author: '?' }, { lockAt: -1, _id: -1 }],
    ['calls', { _id: '?', basis: { $lte: '?' }, $or: [{ finalAt: null }, { finalAt: { $gt: '?' } }] }],
    ['takes', { _id: '?', 'call.basis': { $lte: '?' }, $or: [{ 'call.finalAt': null }, { 'call.finalAt': { $gt: '?' } }] }],
    ['boxscores', { game: { $in: ['?'] } }],
    ['boxscores', { game: '?' }],
    ['boxscores', { _id: { $in: ['?'] } }],
    [
      'games',
      {
        $or: [
          { home: { $in: ['?'] }, tipoff: { $gte: '?', $lte: '?' } },
          { away: { $in: ['?'] }, tipoff: { $gte: '?', $lte: '?' } },
        ],
      },
    ],
    [
      'games',
      {
        $or: [
          { home: '?', tipoff: { $gt: '?' } },
          { away: '?', tipoff: { $gt: '?' } },
        ],
      },
      { tipoff: 1 },
    ],
    ['games', { tipoff: { $gt: '?', $lte: '?' } }, { tipoff: 1, _id: 1 }],
    ['useractions', { target: { $in: ['?'] }, actionType: { $in: ['?'] } }],
    ['comments', { postID: { $in: ['?'] } }],
    ['players', { teamId: { $in: ['?'] } }, { name: 1 }],
    ['saves', { user: '?', take: '?' }],
    ['saves', { user: '?', $or: [{ createdAt: { $lt: '?' } }, { createdAt: '?', _id: { $lt: '?' } }] }, { createdAt: -1, _id: -1 }],
    ['saves', { user: '?' }, { createdAt: -1, _id: -1 }],
    ['saves', { take: { $in: ['?'] }, notify: true }],
    ['saves', { take: '?' }],
    ['notifications', { recipient: '?', key: '?' }],
  ];
  it.each(shapes.map(([coll, filter, sort]) => ({ coll, filter, sort })))('serves $coll $filter', ({ coll, filter, sort }) => {
    expect(unservedBranches({ coll, filter, ...(sort ? { sort } : {}) }, INDEXES)).toEqual([]);
  });
});
