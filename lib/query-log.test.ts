import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { logQueries, shapeOf, type QueryLogLine } from '@/lib/query-log';

describe('shapeOf', () => {
  it('keeps fields and operators and hides every value', () => {
    const id = new mongoose.Types.ObjectId();
    expect(
      shapeOf({
        $or: [{ score: { $lt: 3.5 } }, { score: 3.5, _id: { $lt: id } }],
        createdAt: { $gte: new Date(), $lte: new Date() },
        entityKey: { $in: ['player:1', 'player:2'] },
        parentComment: null,
      }),
    ).toEqual({
      $or: [{ score: { $lt: '?' } }, { score: '?', _id: { $lt: '?' } }],
      createdAt: { $gte: '?', $lte: '?' },
      entityKey: { $in: '?' },
      parentComment: '?',
    });
  });
});

describe('logQueries', () => {
  function run(events: [string, object][]): QueryLogLine[] {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'query-log-'));
    try {
      const file = path.join(dir, 'log.jsonl');
      const client = new EventEmitter();
      logQueries(client, file);
      for (const [name, event] of events) client.emit(name, event);
      return readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as QueryLogLine);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('writes a find with its filter shape, its sort in order, and the documents it returned', () => {
    const sort = new Map([
      ['score', -1],
      ['_id', -1],
    ]);
    const [line] = run([
      ['commandStarted', { requestId: 1, commandName: 'find', command: { find: 'takes', filter: { score: { $lt: 2 } }, sort } }],
      ['commandSucceeded', { requestId: 1, reply: { cursor: { firstBatch: [{}, {}, {}] } } }],
    ]);
    expect(line).toEqual({ op: 'find', coll: 'takes', filter: { score: { $lt: '?' } }, sort: { score: -1, _id: -1 }, docs: 3, ok: true });
  });

  it('names the collection of a getMore and of a write, and records a failure', () => {
    const lines = run([
      ['commandStarted', { requestId: 2, commandName: 'getMore', command: { getMore: 7, collection: 'takes' } }],
      ['commandSucceeded', { requestId: 2, reply: { cursor: { nextBatch: [{}] } } }],
      ['commandStarted', { requestId: 3, commandName: 'update', command: { update: 'users', updates: [{ q: { _id: 'x' }, u: {} }] } }],
      ['commandFailed', { requestId: 3 }],
    ]);
    expect(lines).toEqual([
      { op: 'getMore', coll: 'takes', docs: 1, ok: true },
      { op: 'update', coll: 'users', filter: { _id: '?' }, docs: 0, ok: false },
    ]);
  });
});
