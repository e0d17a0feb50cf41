import type { EventEmitter } from 'node:events';
import { appendFileSync } from 'node:fs';
import type { mongo } from 'mongoose';

/**
 * One line per database command, from the driver's command monitoring: which
 * command, on which collection, the shape of its filter and sort (values
 * replaced by "?", operators kept), and how many documents came back. The
 * index-coverage test reads the shapes (tests/api/index-coverage.test.ts);
 * `npm run bench` counts commands and documents per request.
 */
export type QueryLogLine = {
  op: string;
  coll: string | null;
  filter?: unknown;
  sort?: Record<string, 1 | -1>;
  docs: number;
  ok: boolean;
};

type Command = Record<string, unknown>;

/** A filter with every value replaced by "?": `{ score: { $lt: 3 } }` → `{ score: { $lt: '?' } }`. */
export function shapeOf(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.map(shapeOf);
  if (filter === null || typeof filter !== 'object' || filter.constructor?.name !== 'Object') return '?';
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (key === '$or' || key === '$and' || key === '$nor') return [key, (value as unknown[]).map(shapeOf)];
      if (key.startsWith('$')) return [key, '?'];
      return [key, shapeOf(value)];
    }),
  );
}

const asObject = (value: unknown): Command | undefined => (value && typeof value === 'object' ? (value as Command) : undefined);

/** The driver sends a sort as a Map (its key order is the sort order); a pipeline's $sort is a plain object. */
function sortOf(value: unknown): Record<string, 1 | -1> | undefined {
  const entries = value instanceof Map ? [...value.entries()] : asObject(value) ? Object.entries(value as Command) : null;
  if (!entries) return undefined;
  return Object.fromEntries(entries.map(([field, dir]) => [String(field), Number(dir) < 0 ? -1 : 1]));
}

/** The filter and sort a command reads by; writes name theirs inside their statements. */
function queryOf(op: string, command: Command): { filter?: unknown; sort?: Record<string, 1 | -1> } {
  switch (op) {
    case 'find':
      return { filter: command.filter ?? {}, sort: sortOf(command.sort) };
    case 'findAndModify':
      return { filter: command.query ?? {}, sort: sortOf(command.sort) };
    case 'count':
    case 'distinct':
      return { filter: command.query ?? {} };
    case 'update':
      return { filter: asObject((command.updates as unknown[] | undefined)?.[0])?.q };
    case 'delete':
      return { filter: asObject((command.deletes as unknown[] | undefined)?.[0])?.q };
    case 'aggregate': {
      const stages = (command.pipeline as Command[] | undefined) ?? [];
      const match = stages.find((s) => '$match' in s)?.$match;
      const sort = stages.find((s) => '$sort' in s)?.$sort;
      return { filter: match ?? {}, sort: sortOf(sort) };
    }
    default:
      return {};
  }
}

function docsIn(reply: unknown): number {
  const r = asObject(reply);
  if (!r) return 0;
  const cursor = asObject(r.cursor);
  if (cursor) return ((cursor.firstBatch ?? cursor.nextBatch) as unknown[] | undefined)?.length ?? 0;
  if ('value' in r) return r.value ? 1 : 0;
  return 0;
}

/**
 * Appends a line to `file` for every command `client` sends: a MongoClient created with monitorCommands, or any
 * emitter of its command events (the unit test's).
 */
export function logQueries(client: EventEmitter, file: string): void {
  const started = new Map<number, Omit<QueryLogLine, 'docs' | 'ok'>>();
  const write = (line: QueryLogLine) => appendFileSync(file, `${JSON.stringify(line)}\n`);
  client.on('commandStarted', (event: mongo.CommandStartedEvent) => {
    const command = event.command as Command;
    // A getMore names its collection apart; every other command under its own name.
    const named = event.commandName === 'getMore' ? command.collection : command[event.commandName];
    const coll = typeof named === 'string' ? named : null;
    const { filter, sort } = queryOf(event.commandName, command);
    started.set(event.requestId, {
      op: event.commandName,
      coll,
      ...(filter === undefined ? {} : { filter: shapeOf(filter) }),
      ...(sort ? { sort } : {}),
    });
  });
  const finish = (event: mongo.CommandSucceededEvent | mongo.CommandFailedEvent, ok: boolean) => {
    const line = started.get(event.requestId);
    if (!line) return;
    started.delete(event.requestId);
    write({ ...line, docs: ok ? docsIn((event as mongo.CommandSucceededEvent).reply) : 0, ok });
  };
  client.on('commandSucceeded', (event: mongo.CommandSucceededEvent) => finish(event, true));
  client.on('commandFailed', (event: mongo.CommandFailedEvent) => finish(event, false));
}
