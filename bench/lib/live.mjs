// @ts-check
// Live updates (docs/features.md#live-updates): a thousand open tabs polling what
// changed, at the intervals the browser really uses (lib/constants.ts
// LIVE_POLL_MS), first with nothing changing, then with one new take and 50
// reactions: what reaches the server, what it costs the database, and how soon
// a write is seen.
import { inTurns, median, timed } from './measure.mjs';

/** @typedef {import('./accounts.mjs').Fan} Fan */
/** @typedef {import('./measure.mjs').QueryLog} QueryLog */
/** @typedef {'feed' | 'take' | 'unread'} Kind */
/**
 * One phase's figures.
 * @typedef {{
 *   seconds: number;
 *   requests: number;
 *   notModified: number;
 *   errors: number;
 *   commands: number;
 *   ops: string[];
 *   bytesPerPoll: number;
 *   bytesPer200: number | null;
 *   bytesPer304: number | null;
 *   p50: number | null;
 *   p99: number | null;
 *   byKind: Record<Kind, { requests: number; notModified: number; p50: number | null }>;
 * }} LivePhase
 */
/**
 * @typedef {{
 *   tabs: Record<Kind, number>;
 *   fans: number;
 *   intervals: Record<Kind, number>;
 *   quiet: LivePhase;
 *   writes: LivePhase & {
 *     newTake: { firstSeenMs: number | null; allTabsSeenMs: number | null; tabsSeen: number };
 *     reactions: { count: number; moved: number; firstSeenMs: { p50: number | null; max: number | null }; unseen: number };
 *   };
 *   pollVsPage: import('./measure.mjs').Turns;
 * }} LiveRun
 */

// The browser's intervals (lib/constants.ts LIVE_POLL_MS), in ms.
const INTERVALS = { feed: 60_000, take: 20_000, unread: 30_000 };
// 1,000 tabs: most read the feed, some a take's page (its comments open), and the signed-in fans' tabs poll their
// unread count through one leader tab per fan (5 tabs each, so 40 fans; the others react).
const TABS = { feed: 600, take: 200, unread: 200 };
const TABS_PER_FAN = 5;

/**
 * @param {number[]} values
 * @param {number} p
 */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : null;
};

/**
 * A reply's size on the wire, near enough: the status line, the headers and the body.
 * @param {import('./measure.mjs').Reply} reply
 */
const wireBytes = (reply) => {
  let bytes = 17 + reply.body.length;
  reply.headers.forEach((value, name) => (bytes += name.length + value.length + 4));
  return bytes;
};

/**
 * @typedef {{ kind: Kind; path: string; headers: Record<string, string>; etag: string | null; every: number; target?: string }} Tab
 * @typedef {{ tab: Tab; at: number; ms: number; status: number; bytes: number; body: string }} Poll
 */

/**
 * Every tab polls at its interval, starting at a random point of it, as tabs opened at random times do; each sends
 * the ETag of its last answer, as the browser does with `cache: 'no-cache'`.
 * @param {string} url
 * @param {Tab[]} tabs
 * @param {number} seconds
 * @param {(poll: Poll) => void} onPoll
 */
async function pollFor(url, tabs, seconds, onPoll) {
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    tabs.map(async (tab) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * tab.every));
      while (Date.now() < until) {
        const at = Date.now();
        const reply = await timed(`${url}${tab.path}`, { headers: { ...tab.headers, ...(tab.etag ? { 'if-none-match': tab.etag } : {}) } });
        if (reply.status === 200) tab.etag = reply.headers.get('etag');
        onPoll({ tab, at, ms: reply.ms, status: reply.status, bytes: wireBytes(reply), body: reply.body.toString('utf8') });
        const next = at + tab.every;
        if (next >= until) break;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    }),
  );
}

/**
 * @param {Poll[]} polls
 * @param {number} seconds
 * @param {QueryLog} log
 * @param {number} from the query log's mark when the phase began
 * @returns {LivePhase}
 */
function figures(polls, seconds, log, from) {
  const lines = log.since(from);
  const ok = polls.filter((p) => p.status === 200);
  const not = polls.filter((p) => p.status === 304);
  const kinds = /** @type {Kind[]} */ (['feed', 'take', 'unread']);
  return {
    seconds,
    requests: polls.length,
    notModified: not.length,
    errors: polls.filter((p) => p.status !== 200 && p.status !== 304).length,
    commands: lines.length,
    ops: [...new Set(lines.map((l) => `${l.op} ${l.coll ?? ''}`.trim()))],
    bytesPerPoll: polls.length ? Math.round(polls.reduce((n, p) => n + p.bytes, 0) / polls.length) : 0,
    bytesPer200: ok.length ? Math.round(ok.reduce((n, p) => n + p.bytes, 0) / ok.length) : null,
    bytesPer304: not.length ? Math.round(not.reduce((n, p) => n + p.bytes, 0) / not.length) : null,
    p50: median(polls.map((p) => p.ms)),
    p99: percentile(
      polls.map((p) => p.ms),
      99,
    ),
    byKind: /** @type {LivePhase['byKind']} */ (
      Object.fromEntries(
        kinds.map((kind) => {
          const of = polls.filter((p) => p.tab.kind === kind);
          return [kind, { requests: of.length, notModified: of.filter((p) => p.status === 304).length, p50: median(of.map((p) => p.ms)) }];
        }),
      )
    ),
  };
}

/**
 * @param {{ url: string; fans: Fan[]; targets: string[]; log: QueryLog; seconds?: number;
 *   post: (path: string, fan: Fan, body: object) => Promise<import('./measure.mjs').Reply>; playerId: number }} options
 * @returns {Promise<LiveRun>}
 */
export async function liveWorkload({ url, fans, targets, log, post, playerId, seconds = 60 }) {
  const readers = fans.slice(0, TABS.unread / TABS_PER_FAN);
  /** @type {Tab[]} */
  const tabs = [
    ...Array.from({ length: TABS.feed }, () => ({
      kind: /** @type {Kind} */ ('feed'),
      path: '/api/takes/newest',
      headers: {},
      etag: null,
      every: INTERVALS.feed,
    })),
    ...Array.from({ length: TABS.take }, (_, i) => {
      const target = /** @type {string} */ (targets[i % targets.length]);
      return {
        kind: /** @type {Kind} */ ('take'),
        path: `/api/takes/${target}/live`,
        headers: {},
        etag: null,
        every: INTERVALS.take,
        target,
      };
    }),
    // One poll per fan, whichever of their tabs leads.
    ...readers.map((fan) => ({
      kind: /** @type {Kind} */ ('unread'),
      path: '/api/notifications/unread',
      headers: { authorization: fan.headers.authorization ?? '' },
      etag: null,
      every: INTERVALS.unread,
    })),
  ];
  // Every tab's first answer, as when it was opened (the page itself carried it): warm caches and ETags.
  for (let i = 0; i < tabs.length; i += 50)
    await Promise.all(
      tabs.slice(i, i + 50).map(async (tab) => {
        const reply = await timed(`${url}${tab.path}`, { headers: tab.headers });
        if (reply.status !== 200) throw new Error(`GET ${tab.path} answered ${reply.status}`);
        tab.etag = reply.headers.get('etag');
      }),
    );

  /** @type {Poll[]} */
  const quietPolls = [];
  let from = log.mark();
  await pollFor(url, tabs, seconds, (p) => quietPolls.push(p));
  const quiet = figures(quietPolls, seconds, log, from);

  /** @type {Poll[]} */
  const writePolls = [];
  from = log.mark();
  /** @type {{ id: string; at: number } | null} */
  let newTake = null;
  /** @type {{ target: string; at: number }[]} */
  const reactions = [];
  const writer = /** @type {Fan} */ (fans[fans.length - 1]);
  const writes = (async () => {
    // A few seconds in, one take; then 50 reactions over half the phase, by fans who are not polling.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const reply = await post('/api/takes', writer, {
      title: 'Bench take for live updates',
      description: 'Written by npm run bench while a thousand tabs poll.',
      entityType: 'player',
      playerID: playerId,
      tags: [playerId],
    });
    if (reply.status !== 201) throw new Error(`POST /api/takes answered ${reply.status}`);
    newTake = { id: JSON.parse(reply.body.toString('utf8'))._id, at: Date.now() };
    // Each reacting fan keeps to one take and turns like and dislike in turn, so every reaction moves its counts.
    const reactors = fans.slice(readers.length);
    // What each take shows now: a reaction that moved nothing (the fan's reaction already stood) is not a change to see.
    const shown = new Map();
    for (const target of targets) shown.set(target, (await timed(`${url}/api/takes/${target}/live`)).body.toString('utf8'));
    for (let i = 0; i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, ((seconds / 2) * 1000) / 50));
      const fan = /** @type {Fan} */ (reactors[i % reactors.length]);
      const target = /** @type {string} */ (targets[(i % reactors.length) % targets.length]);
      const actionType = Math.floor(i / reactors.length) % 2 ? 'dislike' : 'like';
      const answer = await post('/api/user-action', fan, { actionType, postID: target });
      if (answer.status !== 200) throw new Error(`POST /api/user-action answered ${answer.status}`);
      const { likes, dislikes } = JSON.parse(answer.body.toString('utf8'));
      const before = JSON.parse(shown.get(target));
      shown.set(target, JSON.stringify({ ...before, likes, dislikes }));
      if (before.likes !== likes || before.dislikes !== dislikes) reactions.push({ target, at: Date.now() });
    }
  })();
  await Promise.all([pollFor(url, tabs, seconds, (p) => writePolls.push(p)), writes]);
  const phase = figures(writePolls, seconds, log, from);

  // Seen: the first poll sent after the write's answer whose answer shows it.
  const taken = /** @type {{ id: string; at: number } | null} */ (newTake);
  const feedSeen = taken
    ? writePolls.filter((p) => p.tab.kind === 'feed' && p.at >= taken.at && p.status === 200 && p.body.includes(taken.id))
    : [];
  const seenByTab = new Map();
  for (const p of feedSeen) if (!seenByTab.has(p.tab)) seenByTab.set(p.tab, p.at + p.ms - (taken?.at ?? 0));
  // A take's cached counts are expired before the reaction is answered, so the first poll of it sent after that
  // answer is a 200 with counts that include it. Only reactions that moved a count are looked for.
  const reactionDelays = reactions.map((r) => {
    const seen = writePolls.find((p) => p.tab.target === r.target && p.at >= r.at && p.status === 200);
    return seen ? seen.at + seen.ms - r.at : null;
  });
  const seenDelays = /** @type {number[]} */ (reactionDelays.filter((d) => d !== null));

  // A feed tab's poll answered 304 against the cached feed page, in turns and one at a time: the phases' p50s come
  // from a thousand tabs at once, which no single page read is timed under, and both are a few ms, most of them the
  // framework's own, so only requests timed side by side can say which costs more.
  const newest = await timed(`${url}/api/takes/newest`);
  const pollVsPage = await inTurns(
    { url: `${url}/api/takes/newest`, headers: { 'if-none-match': newest.headers.get('etag') ?? '' } },
    `${url}/api/takes`,
    60,
  );

  return {
    tabs: TABS,
    fans: readers.length,
    intervals: INTERVALS,
    quiet,
    writes: {
      ...phase,
      newTake: {
        firstSeenMs: seenByTab.size ? Math.min(...seenByTab.values()) : null,
        allTabsSeenMs: seenByTab.size ? Math.max(...seenByTab.values()) : null,
        tabsSeen: seenByTab.size,
      },
      reactions: {
        count: 50,
        moved: reactions.length,
        firstSeenMs: { p50: median(seenDelays), max: seenDelays.length ? Math.max(...seenDelays) : null },
        unseen: reactionDelays.length - seenDelays.length,
      },
    },
    pollVsPage,
  };
}
