// @ts-check
// A busy evening in miniature: signed-in fans reading (the feed, a take's page,
// its comments) while some of them react, measured against the same fans only
// reading; whether every counter still equals its facts afterwards; and the
// commands each kind of write sends.
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../scripts/lib/services.mjs';
import { median, timed } from './measure.mjs';

/** @typedef {import('./accounts.mjs').Fan} Fan */
/** @typedef {{ requests: number; p50: number | null; p99: number | null; rps: number }} KindFigures */
/** @typedef {{ seconds: number; fans: number; kinds: Record<string, KindFigures>; requests: number; errors: number; errorSamples: string[] }} MixedRun */
/**
 * The mixed workload's two runs; `peakRssBytes` and `counters` are added by the caller.
 * @typedef {{
 *   readOnly: MixedRun;
 *   mixed: MixedRun & { commands: number; writeCommands: number };
 *   peakRssBytes?: number;
 *   counters?: Counters;
 * }} Mixed
 */
/** @typedef {{ label: string; commands: number; ops: string[]; status: number }} WriteCommand */
/** @typedef {{ error: string; counters?: undefined; rankingKeys?: undefined } | { error?: undefined; counters: number; rankingKeys: number }} Counters */

/** Each fan's requests in turn: 9 reads, then (in the mix) 1 reaction. */
const READS = ['feed', 'feed', 'take', 'feed', 'comments', 'feed', 'take', 'feed', 'comments'];

/**
 * @param {number[]} values
 * @param {number} p
 */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : null;
};

/**
 * `fans` signed-in fans at once for `seconds`, each repeating READS and, when
 * `reacting`, one reaction every tenth request (like and dislike in turn on
 * one of `targets`, the hottest takes, which also are what they read). Every
 * request is timed by kind; any status but 200 or a failed request is an error.
 * @param {{ url: string; fans: Fan[]; targets: string[]; seconds: number; reacting: boolean }} options
 * @returns {Promise<MixedRun>}
 */
async function run({ url, fans, targets, seconds, reacting }) {
  const cycle = reacting ? [...READS, 'react'] : READS;
  /** @type {Record<string, number[]>} */
  const byKind = {};
  /** @type {string[]} */
  const errors = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    fans.map(async (fan, f) => {
      const take = targets[f % targets.length];
      const paths = { feed: '/api/takes', take: `/takes/${take}`, comments: `/api/comments?postID=${take}` };
      let reactions = 0;
      for (let i = f % cycle.length; Date.now() < until; i += 1) {
        const kind = /** @type {string} */ (cycle[i % cycle.length]);
        const init =
          kind === 'react'
            ? {
                method: 'POST',
                headers: fan.headers,
                body: JSON.stringify({ actionType: reactions++ % 2 ? 'dislike' : 'like', postID: take }),
              }
            : {};
        try {
          const reply = await timed(
            `${url}${kind === 'react' ? '/api/user-action' : paths[/** @type {keyof typeof paths} */ (kind)]}`,
            init,
          );
          (byKind[kind] ??= []).push(reply.ms);
          if (reply.status !== 200) errors.push(`${kind} ${reply.status}`);
        } catch (error) {
          errors.push(`${kind} ${error instanceof Error ? error.message : error}`);
        }
      }
    }),
  );
  const kinds = Object.fromEntries(
    Object.entries(byKind).map(([kind, ms]) => [
      kind,
      { requests: ms.length, p50: median(ms), p99: percentile(ms, 99), rps: ms.length / seconds },
    ]),
  );
  return {
    seconds,
    fans: fans.length,
    kinds,
    requests: Object.values(byKind).reduce((n, ms) => n + ms.length, 0),
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 5),
  };
}

/**
 * The read-only run, then the mix, with the same fans for the same time. The
 * database commands the mix sent are counted from the query log.
 * @param {{ url: string; fans: Fan[]; targets: string[]; seconds: number; log: import('./measure.mjs').QueryLog }} options
 * @returns {Promise<Mixed>}
 */
export async function mixedWorkload({ url, fans, targets, seconds, log }) {
  const readOnly = await run({ url, fans, targets, seconds, reacting: false });
  const from = log.mark();
  const mixed = await run({ url, fans, targets, seconds, reacting: true });
  const lines = log.since(from);
  const writes = lines.filter((l) => /^(insert|update|delete|findAndModify)$/.test(l.op)).length;
  return { readOnly, mixed: { ...mixed, commands: lines.length, writeCommands: writes } };
}

/**
 * The commands of each write a fan makes on a take, one request at a time,
 * after one action has put the fan in the server's short-lived cache of callers
 * (a fan's first action in a process also looks them up).
 * @param {{
 *   log: import('./measure.mjs').QueryLog;
 *   post: (path: string, fan: Fan, body: object) => Promise<import('./measure.mjs').Reply>;
 *   fan: Fan;
 *   takeId: string;
 *   warmUpTakeId: string;
 * }} options
 * @returns {Promise<WriteCommand[]>}
 */
export async function writeCommands({ log, post, fan, takeId, warmUpTakeId }) {
  await post('/api/user-action', fan, { actionType: 'share', postID: warmUpTakeId });
  /** @type {[string, string][]} */
  const steps = [
    ['like', 'like'],
    ['dislike (switch)', 'dislike'],
    ['like (switch back)', 'like'],
    ['favorite', 'favorite'],
    ['unfavorite', 'favorite'],
    ['share', 'share'],
  ];
  /** @type {WriteCommand[]} */
  const out = [];
  for (const [label, actionType] of steps) {
    const from = log.mark();
    const reply = await post('/api/user-action', fan, { actionType, postID: takeId });
    const ops = log.since(from).map((l) => `${l.op} ${l.coll ?? ''}`.trim());
    out.push({ label, commands: ops.length, ops, status: reply.status });
  }
  return out;
}

/**
 * Every counter against the facts under it, by `npm run repair-counts -- --dry-run`
 * on `uri` (it writes nothing): how many counters and ranking keys disagree.
 * @param {string} uri
 * @param {Record<string, string | undefined>} env
 * @returns {Counters}
 */
export function countersAgainstFacts(uri, env) {
  // On a large set one of the dry run's reads (a sum over every reaction) holds an engine thread for longer than the
  // driver's heartbeat waits (connectTimeoutMS), and a heartbeat that connection's thread answers late makes the
  // driver drop the pool mid-read ("interrupted due to server monitor timeout"): here it waits up to 10 minutes.
  const patient = new URL(uri);
  patient.searchParams.set('connectTimeoutMS', String(10 * 60_000));
  const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/repair-counts.ts', '--dry-run'], {
    cwd: ROOT,
    env: { ...process.env, ...env, MONGODB_URI: patient.href },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  const last = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !last.startsWith('{')) return { error: (result.stderr || result.stdout).slice(-500) };
  return JSON.parse(last);
}
