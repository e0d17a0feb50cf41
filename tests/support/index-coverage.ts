import type { QueryLogLine } from '@/lib/query-log';

/**
 * Whether a query shape (lib/query-log.ts) is served by a declared index in
 * ESR order: its equality fields first, then its sort, then its range fields.
 * That is the order in which MongoDB can walk an index without a blocking
 * sort and without reading documents it then throws away.
 */

export type Direction = 1 | -1;
export type IndexSpec = { collection: string; key: [string, Direction][]; unique: boolean; origin: string };
export type QueryShape = { coll: string; filter: unknown; sort?: Record<string, Direction> };

/** What one branch of a filter asks of a field. */
type Branch = { eq: Set<string>; range: Set<string> };

const EQUALITY = new Set(['$eq', '$in']);
const RANGE = new Set(['$gt', '$gte', '$lt', '$lte', '$ne', '$nin', '$exists']);

/**
 * The branches a filter expands to, one per $or clause: MongoDB plans each
 * clause on its own when every clause can use an index. A regular expression,
 * $elemMatch and the like bound no index scan; they are checked on the
 * documents an index leads to, so they are not asked of the index. An $or with
 * such a clause cannot be planned clause by clause at all: the whole $or is
 * then checked that way, and the rest of the query is what needs the index.
 */
function branches(filter: unknown): Branch[] {
  let result: Branch[] = [{ eq: new Set(), range: new Set() }];
  const cross = (more: Branch[]) => {
    result = result.flatMap((a) => more.map((b) => ({ eq: new Set([...a.eq, ...b.eq]), range: new Set([...a.range, ...b.range]) })));
  };
  if (!filter || typeof filter !== 'object') return result;
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$or') {
      const clauses = (condition as unknown[]).flatMap(branches);
      if (clauses.every((c) => c.eq.size + c.range.size > 0)) cross(clauses);
    } else if (field === '$and') for (const part of condition as unknown[]) cross(branches(part));
    else if (field.startsWith('$')) continue;
    else if (condition === '?' || typeof condition !== 'object' || condition === null) result.forEach((b) => b.eq.add(field));
    else {
      const ops = Object.keys(condition);
      if (!ops.some((op) => op.startsWith('$')) || ops.every((op) => EQUALITY.has(op))) result.forEach((b) => b.eq.add(field));
      else if (ops.some((op) => RANGE.has(op))) result.forEach((b) => b.range.add(field));
    }
  }
  return result;
}

/** Whether `index` serves one branch with `sort` in ESR order. */
export function serves(index: IndexSpec, branch: Branch, sort: [string, Direction][]): boolean {
  // Equality on every field of a unique index finds at most one document; the rest is checked on it.
  if (index.unique && index.key.every(([field]) => branch.eq.has(field))) return true;
  const keys = index.key.map(([field]) => field);
  let at = 0;
  while (at < keys.length && branch.eq.has(keys[at]!)) at += 1;
  if (at < branch.eq.size) return false;
  // Sort fields pinned by equality are constant; the rest must follow, all forwards or all backwards.
  const sortRest = sort.filter(([field]) => !branch.eq.has(field));
  let reversed: boolean | null = null;
  for (const [field, direction] of sortRest) {
    const [key, keyDirection] = index.key[at] ?? [];
    if (key !== field) return false;
    const flipped = keyDirection !== direction;
    if (reversed === null) reversed = flipped;
    else if (reversed !== flipped) return false;
    at += 1;
  }
  const sorted = new Set(sortRest.map(([field]) => field));
  const ranges = [...branch.range].filter((field) => !sorted.has(field) && !branch.eq.has(field));
  const next = new Set(keys.slice(at, at + ranges.length));
  return ranges.every((field) => next.has(field));
}

/** The indexes of `shape`'s collection that leave some branch unserved; empty when every branch has one. */
export function unservedBranches(shape: QueryShape, indexes: IndexSpec[]): string[] {
  const own = indexes.filter((index) => index.collection === shape.coll);
  const sort = Object.entries(shape.sort ?? {}) as [string, Direction][];
  return branches(shape.filter)
    .filter((branch) => !own.some((index) => serves(index, branch, sort)))
    .map(
      (branch) =>
        `equality {${[...branch.eq].join(', ')}} sort {${sort.map(([f, d]) => `${f}:${d}`).join(', ')}} range {${[...branch.range].join(', ')}}`,
    );
}

const READS_BY = new Set(['find', 'findAndModify', 'update', 'delete', 'count', 'distinct', 'aggregate']);

/** The distinct query shapes in a query log, with how often each was sent. */
export function shapesIn(lines: QueryLogLine[]): (QueryShape & { op: string; times: number })[] {
  const seen = new Map<string, QueryShape & { op: string; times: number }>();
  for (const line of lines) {
    if (!READS_BY.has(line.op) || !line.coll || line.filter === undefined) continue;
    const key = JSON.stringify([line.coll, line.filter, line.sort ?? {}]);
    const found = seen.get(key);
    if (found) found.times += 1;
    else seen.set(key, { op: line.op, coll: line.coll, filter: line.filter, ...(line.sort ? { sort: line.sort } : {}), times: 1 });
  }
  return [...seen.values()];
}
