// How an endpoint is measured: under load with autocannon, one request at a
// time for cold figures, and by the database commands its requests send.
import { readFileSync, statSync } from 'node:fs';

/**
 * `duration` seconds of load with `connections` open connections, each
 * repeating GET `path`, or (requestsPerClient) a sequence of its own, such as
 * one signed-in fan's like and dislike.
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
            client.setRequests(requestsPerClient[next % requestsPerClient.length]);
            next += 1;
          },
        }
      : {}),
  });
  const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const count = (test) => Object.entries(byStatus).reduce((n, [code, c]) => (test(Number(code)) ? n + c : n), 0);
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

/** One request, timed from send to the last byte. */
export async function timed(url, init = {}) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, headers: response.headers, body };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The server's query log (lib/query-log.ts) from a point on. Each line is
 * written as its command completes, so once a response has arrived the
 * commands it caused are in the file.
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
 */
export async function perRequest(log, times, send) {
  const counts = [];
  const statuses = [];
  const ms = [];
  const ops = new Set();
  for (let i = 0; i < times; i += 1) {
    const from = log.mark();
    const reply = await send(i);
    const lines = log.since(from);
    counts.push({ commands: lines.length, docs: lines.reduce((n, l) => n + l.docs, 0) });
    for (const l of lines) ops.add(`${l.op} ${l.coll ?? ''}`.trim());
    statuses.push(reply.status);
    ms.push(reply.ms);
  }
  return { commands: median(counts.map((c) => c.commands)), docs: median(counts.map((c) => c.docs)), ops: [...ops], statuses, ms };
}
