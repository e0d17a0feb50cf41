// @ts-check
// How an endpoint is measured: under load with autocannon, one request at a
// time for cold figures, and by the database commands its requests send.
import { readFileSync, statSync } from 'node:fs';

/**
 * A load run's figures, or (`sampled`) timed requests standing in for one.
 * `peakRssBytes` is the server's memory during it, added by the caller.
 * @typedef {{
 *   sampled?: boolean;
 *   connections?: number;
 *   duration?: number;
 *   requests: number;
 *   rps: number;
 *   p50: number | null;
 *   p99: number;
 *   non2xx: number;
 *   status4xx: number;
 *   status5xx: number;
 *   errors: number;
 *   timeouts: number;
 *   byStatus?: Record<string, number>;
 *   peakRssBytes?: number;
 * }} Load
 */
/** @typedef {{ ms: number; status: number; headers: Headers; body: Buffer }} Reply */
/** @typedef {{ op: string; coll?: string; docs: number }} QueryLine */
/** @typedef {ReturnType<typeof queryLog>} QueryLog */
/** @typedef {{ commands: number; docs: number; ops: string[]; statuses: number[]; ms: number[] }} PerRequest */

/**
 * `duration` seconds of load with `connections` open connections, each
 * repeating GET `path`, or (requestsPerClient) a sequence of its own, such as
 * one signed-in fan's like and dislike.
 * @param {{ url: string; path: string; connections: number; duration: number; requestsPerClient?: import('autocannon').Request[][] }} options
 * @returns {Promise<Load>}
 */
export async function load({ url, path, connections, duration, requestsPerClient }) {
  let next = 0;
  // Loaded here, not at the top: `npm run bench` installs the dependencies before it measures anything.
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url: `${url}${path}`,
    connections,
    duration,
    timeout: 30,
    ...(requestsPerClient
      ? {
          setupClient: (client) => {
            client.setRequests(/** @type {import('autocannon').Request[]} */ (requestsPerClient[next % requestsPerClient.length]));
            next += 1;
          },
        }
      : {}),
  });
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, /** @type {number} */ (s.count)]),
  );
  const count = (/** @type {(code: number) => boolean} */ test) =>
    Object.entries(byStatus).reduce((n, [code, c]) => (test(Number(code)) ? n + c : n), 0);
  return {
    connections,
    duration,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    status4xx: count((c) => c >= 400 && c < 500),
    status5xx: count((c) => c >= 500),
    errors: result.errors,
    timeouts: result.timeouts,
    byStatus,
  };
}

/**
 * One request, timed from send to the last byte.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Reply>}
 */
export async function timed(url, init = {}) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, headers: response.headers, body };
}

export const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  // Prettier would drop the parentheses of the first cast.
  // prettier-ignore
  return sorted.length % 2
    ? /** @type {number} */ (sorted[mid])
    : (/** @type {number} */ (sorted[mid - 1]) + /** @type {number} */ (sorted[mid])) / 2;
};

/**
 * The server's query log (lib/query-log.ts) from a point on. Each line is
 * written as its command completes, so once a response has arrived the
 * commands it caused are in the file.
 * @param {string} file
 */
export function queryLog(file) {
  const size = () => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  return {
    mark: size,
    /**
     * @param {number} offset
     * @returns {QueryLine[]}
     */
    since(offset) {
      const text = size() > offset ? readFileSync(file).subarray(offset).toString('utf8') : '';
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
  };
}

/**
 * Database commands and documents returned per request over `times` requests
 * made by `send`: the median of each request's own count, so a background
 * refresh that happens to run beside one request does not count as its work.
 * @param {QueryLog} log
 * @param {number} times at least 1
 * @param {(i: number) => Promise<{ status: number; ms: number }>} send
 * @returns {Promise<PerRequest>}
 */
export async function perRequest(log, times, send) {
  /** @type {{ commands: number; docs: number }[]} */
  const counts = [];
  /** @type {number[]} */
  const statuses = [];
  /** @type {number[]} */
  const ms = [];
  /** @type {Set<string>} */
  const ops = new Set();
  for (let i = 0; i < times; i += 1) {
    const from = log.mark();
    const reply = await send(i);
    const lines = log.since(from);
    // The instance's own periodic checks in systemstate (the league version, lib/data/shared/league-version.ts: read at
    // most once a second, by whichever request comes first; the maintenance marks) are not reads of the request's:
    // named in `ops`, not counted. Counted, one landed in a measured request now and then and read as one more per page.
    const own = lines.filter((l) => l.coll !== 'systemstate');
    counts.push({ commands: own.length, docs: own.reduce((n, l) => n + l.docs, 0) });
    for (const l of lines) ops.add(`${l.op} ${l.coll ?? ''}${l.coll === 'systemstate' ? ' (periodic, not counted)' : ''}`.trim());
    statuses.push(reply.status);
    ms.push(reply.ms);
  }
  return {
    commands: /** @type {number} */ (median(counts.map((c) => c.commands))),
    docs: /** @type {number} */ (median(counts.map((c) => c.docs))),
    ops: [...ops],
    statuses,
    ms,
  };
}

/** @typedef {string | { url: string; headers: Record<string, string> }} Request A URL, or a URL with the headers to send. */
/** @typedef {{ a: number | null; b: number | null; ratio: number | null; rounds: number; failed: number }} Turns Each side's p50 and their ratio. */

/**
 * Two endpoints timed in turns, one request at a time, so whatever else the machine does falls on both alike: their
 * ratio is of what each request costs, not of two load runs minutes apart (the share image against its text-only
 * render swung from 1.4x to 2.3x between sets that way).
 * @param {Request} a
 * @param {Request} b
 * @param {number} rounds
 * @returns {Promise<Turns>}
 */
export async function inTurns(a, b, rounds = 30) {
  const send = (/** @type {Request} */ request) =>
    typeof request === 'string' ? timed(request) : timed(request.url, { headers: request.headers });
  for (const request of [a, b, a, b]) await send(request);
  /** @type {{ a: number[]; b: number[]; statuses: number[] }} */
  const seen = { a: [], b: [], statuses: [] };
  for (let i = 0; i < rounds; i += 1) {
    for (const [key, request] of /** @type {['a' | 'b', Request][]} */ (
      i % 2
        ? [
            ['b', b],
            ['a', a],
          ]
        : [
            ['a', a],
            ['b', b],
          ]
    )) {
      const reply = await send(request);
      seen[key].push(reply.ms);
      seen.statuses.push(reply.status);
    }
  }
  const [pa, pb] = [median(seen.a), median(seen.b)];
  return {
    a: pa,
    b: pb,
    ratio: pa == null || pb == null || pb === 0 ? null : pa / pb,
    rounds,
    failed: seen.statuses.filter((s) => s >= 400).length,
  };
}

/** Milliseconds as the report prints them: a tenth below 10 ms, whole ones above. */
export const ms = (/** @type {number | null | undefined} */ n) => (n == null ? '–' : n < 10 ? n.toFixed(1) : String(Math.round(n)));

/**
 * A budget row's figures for two requests timed in turns: "a vs b ms (…, n of each)", and whether `within(a, b)`
 * holds; not judged (null) when either side has no p50 or any request failed.
 * @param {Turns} turns
 * @param {(a: number, b: number) => boolean} within
 * @param {{ ratio?: boolean }} [show] whether the ratio is printed too
 * @returns {{ measured: string; met: boolean | null }}
 */
export function judgedInTurns({ a, b, ratio, rounds, failed }, within, { ratio: showRatio = false } = {}) {
  const shown = showRatio && ratio != null ? `${ratio.toFixed(2)}×, ` : '';
  return {
    measured: `${ms(a)} vs ${ms(b)} ms (${shown}${rounds} of each)`,
    met: a == null || b == null || failed > 0 ? null : within(a, b),
  };
}
