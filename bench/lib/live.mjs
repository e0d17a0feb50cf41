// @ts-check
// Live updates (docs/features.md#live-updates): a thousand open tabs polling at the intervals the browser uses
// (LIVE_POLL_MS in lib/notifications/constants.ts), first with nothing changing, then with one new take and 50 reactions: what
// reaches the server, what it costs the database, and how soon a write is seen.
import { inTurns, median, timed } from './measure.mjs';

/** @typedef {{ seconds: number; requests: number; notModified: number; errors: number; commands: number; p50: number }} LivePhase */
/**
 * `takeSeenMs`: the longest a feed tab that polled after the new take took to see it; `reactionSeenMs`: the longest a
 * take's tabs took to see a reaction that moved its counts.
 * @typedef {{ quiet: LivePhase; writes: LivePhase; takeSeenMs: number; tabsSeen: number; reactionSeenMs: number; unseen: number; pollVsPage: import('./measure.mjs').Turns }} Live
 */
/** @typedef {{ kind: keyof typeof INTERVALS; path: string; headers: Record<string, string>; etag?: string | null }} Tab */
/** @typedef {{ tab: Tab; at: number; ms: number; status: number; body: string }} Poll */

// The browser's intervals, ms; most tabs read the feed, some a take's page, and signed-in fans poll their unread count
// through one leader tab each (200 tabs of 40 fans).
export const INTERVALS = { feed: 60_000, take: 20_000, unread: 30_000 };
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every tab polls at its interval from a random point of it, as tabs opened at random times do, sending the ETag of
 * its last answer as the browser does with `cache: 'no-cache'`.
 * @param {string} url @param {Tab[]} tabs @param {number} seconds @returns {Promise<Poll[]>}
 */
async function pollFor(url, tabs, seconds) {
  /** @type {Poll[]} */
  const polls = [];
  const until = Date.now() + seconds * 1000;
  const poll = async (/** @type {Tab} */ tab) => {
    const every = INTERVALS[tab.kind];
    await sleep(Math.random() * every);
    for (let at = Date.now(); at < until; at += every) {
      const reply = await timed(`${url}${tab.path}`, { headers: { ...tab.headers, ...(tab.etag ? { 'if-none-match': tab.etag } : {}) } });
      if (reply.status === 200) tab.etag = reply.headers.get('etag');
      polls.push({ tab, at, ms: reply.ms, status: reply.status, body: reply.body.toString('utf8') });
      await sleep(Math.max(0, Math.min(until, at + every) - Date.now()));
    }
  };
  await Promise.all(tabs.map(poll));
  return polls;
}

/** @returns {LivePhase} */
function phase(/** @type {Poll[]} */ polls, /** @type {number} */ seconds, /** @type {number} */ commands) {
  const notModified = polls.filter((p) => p.status === 304).length;
  const errors = polls.filter((p) => p.status !== 200 && p.status !== 304).length;
  return { seconds, requests: polls.length, notModified, errors, commands, p50: median(polls.map((p) => p.ms)) };
}

/** @param {import('./context.mjs').Ctx} ctx */
export async function measureLive(ctx, seconds = 60) {
  const { url, f, log } = ctx;
  const fans = await ctx.fans();
  const readers = fans.slice(0, 40);
  /** @type {(kind: Tab['kind'], path: string, headers?: Record<string, string>) => Tab} */
  const tab = (kind, path, headers = {}) => ({ kind, path, headers });
  const tabs = [
    ...Array.from({ length: 600 }, () => tab('feed', '/api/takes/newest')),
    ...Array.from({ length: 200 }, (_, i) => tab('take', `/api/takes/${f.hot[i % f.hot.length]}/live`)),
    ...readers.map((fan) => tab('unread', '/api/notifications/unread', { authorization: `${fan.headers.authorization}` })),
  ];
  // Every tab's first answer, as when it was opened: warm caches and ETags.
  const open = async (/** @type {Tab} */ t) => void (t.etag = (await timed(`${url}${t.path}`, { headers: t.headers })).headers.get('etag'));
  for (let i = 0; i < tabs.length; i += 50) await Promise.all(tabs.slice(i, i + 50).map(open));

  let from = log.mark();
  const quiet = phase(await pollFor(url, tabs, seconds), seconds, log.since(from).length);

  // 5 s in, one take; then 50 reactions over half the phase by fans who are not polling, each turning like and
  // dislike in turn on one take so that every reaction moves its counts.
  let take = { id: '', at: Infinity };
  /** @type {{ path: string; at: number }[]} */
  const reactions = [];
  const writes = async () => {
    await sleep(5000);
    take = { id: await ctx.newTake(/** @type {any} */ (fans.at(-1)), 'Bench take for live updates'), at: Date.now() };
    const reactors = fans.slice(readers.length);
    // What each take shows now: a reaction that moved nothing (the fan's stood already) is no change to see.
    const shown = new Map();
    for (const id of f.hot) shown.set(id, (await timed(`${url}/api/takes/${id}/live`)).body.toString('utf8'));
    for (let i = 0; i < 50; i += 1) {
      await sleep((seconds * 1000) / 2 / 50);
      const postID = /** @type {string} */ (f.hot[(i % reactors.length) % f.hot.length]);
      const actionType = Math.floor(i / reactors.length) % 2 ? 'dislike' : 'like';
      const reply = await ctx.post('/api/user-action', /** @type {any} */ (reactors[i % reactors.length]), { actionType, postID });
      if (reply.status !== 200) throw new Error(`POST /api/user-action answered ${reply.status}`);
      const { likes, dislikes } = JSON.parse(reply.body.toString('utf8'));
      const before = JSON.parse(shown.get(postID));
      shown.set(postID, JSON.stringify({ likes, dislikes }));
      if (before.likes !== likes || before.dislikes !== dislikes) reactions.push({ path: `/api/takes/${postID}/live`, at: Date.now() });
    }
  };
  from = log.mark();
  const [polls] = await Promise.all([pollFor(url, tabs, seconds), writes()]);
  const withWrites = phase(polls, seconds, log.since(from).length);

  // Seen: the first poll sent after the write's answer whose answer shows it.
  const seenBy = new Map();
  for (const p of polls.filter((p) => p.tab.kind === 'feed' && p.at >= take.at && p.body.includes(take.id)))
    if (!seenBy.has(p.tab)) seenBy.set(p.tab, p.at + p.ms - take.at);
  const delays = reactions
    .map((x) => polls.find((p) => p.tab.path === x.path && p.at >= x.at && p.status === 200))
    .map((p, i) => (p ? p.at + p.ms - /** @type {any} */ (reactions[i]).at : null));
  const seen = /** @type {number[]} */ (delays.filter((d) => d !== null));

  // A feed tab's poll answered 304 against the cached feed page, in turns: the phases' p50s come from a thousand tabs
  // at once, which no single page read is timed under.
  const etag = (await timed(`${url}/api/takes/newest`)).headers.get('etag') ?? '';
  const pollVsPage = await inTurns({ url: `${url}/api/takes/newest`, headers: { 'if-none-match': etag } }, `${url}/api/takes`, 60);
  const [takeSeenMs, reactionSeenMs] = [seenBy.size ? Math.max(...seenBy.values()) : NaN, seen.length ? Math.max(...seen) : NaN];
  ctx.r.live = {
    quiet,
    writes: withWrites,
    takeSeenMs,
    tabsSeen: seenBy.size,
    reactionSeenMs,
    unseen: delays.length - seen.length,
    pollVsPage,
  };
}
