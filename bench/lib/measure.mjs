// @ts-check
// How a request is measured: timed one at a time, under load with autocannon, two endpoints in turns, and by the
// database commands it sends (the app's query log, lib/query-log.ts).
import { readFileSync, statSync } from 'node:fs';

/** @typedef {{ ms: number; status: number; headers: Headers; body: Buffer }} Reply */
/** @typedef {{ rps: number; p50: number; p99: number; status5xx: number; errors: number }} Load */
/** @typedef {{ commands: number; docs: number; ops: string[]; ms: number }} Counted */
/** @typedef {{ a: number; b: number; rounds: number; failed: number }} Turns each side's p50 (ms) */
/** @typedef {string | { url: string; headers: Record<string, string> }} Target a URL, or one with headers to send */

/** One request, timed from send to its last byte. */
export async function timed(/** @type {string} */ url, /** @type {RequestInit} */ init = {}) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, headers: response.headers, body };
}

/** The median of `values`; NaN for none. */
export function median(/** @type {number[]} */ values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? (sorted[Math.floor(mid)] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/**
 * `seconds` of load with `connections` connections repeating GET `path` after one request to warm it, or each its own
 * list of requests (a fan's like and dislike).
 * @param {{ url: string; path: string; connections?: number; seconds: number; perClient?: import('autocannon').Request[][] }} options
 * @returns {Promise<Load>}
 */
export async function load({ url, path, connections = 10, seconds, perClient }) {
  // Loaded here: `npm run bench` installs the dependencies before it measures anything.
  const { default: autocannon } = await import('autocannon');
  if (!perClient) await timed(`${url}${path}`);
  let next = 0;
  const setupClient = (/** @type {any} */ client) => client.setRequests(perClient?.[next++ % perClient.length]);
  const options = { url: `${url}${path}`, connections, duration: seconds, timeout: 30, ...(perClient ? { setupClient } : {}) };
  const result = await autocannon(options);
  const { requests, latency, errors, timeouts } = result;
  return { rps: requests.average, p50: latency.p50, p99: latency.p99, status5xx: result['5xx'], errors: errors + timeouts };
}

/**
 * A JSON-lines log the server appends to (its query log, its outbound connections) from a point on: each line is
 * written as its command completes, so once an answer has arrived the commands it caused are in the file.
 * @param {string} file
 */
export function jsonLines(file) {
  const size = () => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return {
    mark: size,
    /** @returns {{ op: string; coll?: string; docs: number }[]} */
    since: (/** @type {number} */ offset) => {
      const text = size() > offset ? readFileSync(file).subarray(offset).toString('utf8') : '';
      return text.split('\n').flatMap((line) => (line ? [JSON.parse(line)] : []));
    },
  };
}
/** @typedef {ReturnType<typeof jsonLines>} QueryLog */

/**
 * The database commands and documents one request sends. The instance's own reads of `systemstate` (the league
 * version, read at most once a second by whichever request comes first) are not the request's: named, not counted.
 * @param {QueryLog} log
 * @param {() => Promise<{ ms: number }>} send
 * @returns {Promise<Counted>}
 */
export async function counted(log, send) {
  const from = log.mark();
  const { ms } = await send();
  const lines = log.since(from);
  const own = lines.filter((l) => l.coll !== 'systemstate');
  const ops = lines.map((l) => `${l.op} ${l.coll ?? ''}${l.coll === 'systemstate' ? ' (periodic, not counted)' : ''}`.trim());
  return { commands: own.length, docs: own.reduce((n, l) => n + l.docs, 0), ops, ms };
}

/**
 * Two endpoints timed in turns, one request at a time, so whatever else the machine does falls on both alike: their
 * ratio is of what each request costs. Two load runs minutes apart differ by more than the budgets allow (the share
 * image against its text-only render swung from 1.35× to 2.29× between data sets that way).
 * @param {Target} a
 * @param {Target} b
 * @returns {Promise<Turns>}
 */
export async function inTurns(a, b, rounds = 30) {
  const send = (/** @type {Target} */ t) => (typeof t === 'string' ? timed(t) : timed(t.url, { headers: t.headers }));
  for (const t of [a, b, a, b]) await send(t);
  /** @type {{ a: number[]; b: number[] }} */
  const seen = { a: [], b: [] };
  let failed = 0;
  for (let i = 0; i < rounds; i += 1) {
    for (const key of i % 2 ? /** @type {const} */ (['b', 'a']) : /** @type {const} */ (['a', 'b'])) {
      const reply = await send(key === 'a' ? a : b);
      seen[key].push(reply.ms);
      if (reply.status >= 400) failed += 1;
    }
  }
  return { a: median(seen.a), b: median(seen.b), rounds, failed };
}
