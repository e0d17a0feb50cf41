// @ts-check
// The endpoints of a busy evening: what each sends to the database cold and warm, whether a list's commands grow
// with its page (a query per item), and each under load; a game night's thread against the feed, page for page.
import { counted, inTurns, load, timed } from './measure.mjs';
import { startBaseline } from './servers.mjs';

/** @typedef {import('./context.mjs').Ctx} Ctx */
/** @typedef {{ id: string; label: string; path: string; connections?: number }} Endpoint */
/**
 * `cold`: the first request in a fresh server (a cached list's only read that reaches the database in full);
 * `warm`: the next; `load`: the load run.
 * @typedef {{ label: string; cold: import('./measure.mjs').Counted; warm: import('./measure.mjs').Counted; load?: import('./measure.mjs').Load }} EndpointFigures
 */

/** @param {import('./context.mjs').Fixtures} f @returns {Endpoint[]} */
function endpointList(f) {
  const cursor = (/** @type {string} */ page5) => `?cursor=${encodeURIComponent(page5)}`;
  const thread = `/api/games/${f.game?.id}/takes`;
  return [
    { id: 'feed-p1', label: 'Feed page 1 (API)', path: '/api/takes' },
    { id: 'feed-p5', label: 'Feed page 5 (API)', path: `/api/takes${cursor(f.page5)}` },
    { id: 'callers-p1', label: 'Callers board page 1 (API)', path: '/api/callers' },
    { id: 'callers-page', label: 'Callers board (SSR)', path: '/callers' },
    { id: 'take-page', label: 'Take page (SSR)', path: `/takes/${f.takeId}` },
    { id: 'take-api', label: 'Take (API)', path: `/api/takes/${f.takeId}` },
    { id: 'player-page', label: 'Player page (SSR)', path: `/players/${f.playerId}` },
    { id: 'player-api', label: 'Player takes (API)', path: `/api/players/${f.playerId}` },
    ...(f.game
      ? [
          { id: 'game-p1', label: 'Game thread page 1 (API)', path: thread },
          { id: 'game-p5', label: 'Game thread page 5 (API)', path: `${thread}${cursor(f.game.page5)}` },
        ]
      : []),
    { id: 'trending', label: 'Trending takes, week', path: '/api/takes/trending' },
    { id: 'topics-all', label: 'Trending topics, all', path: '/api/takes/topics/trending?timeRange=all' },
    { id: 'search', label: 'Search', path: `/api/search/takes?q=${encodeURIComponent(f.searchTerm)}` },
    { id: 'comments', label: 'Comments page', path: `/api/comments?postID=${f.takeId}` },
    // One render at a time, as its text-only baseline draws: the ratio is of what one render costs.
    { id: 'capture', label: 'Capture image', path: `/api/capture?takeID=${f.takeId}`, connections: 1 },
  ];
}

/** @param {Ctx} ctx */
export async function measureEndpoints(ctx) {
  const { url, f, log, r } = ctx;
  const get = (/** @type {string} */ p) => () => timed(`${url}${p}`);
  const list = endpointList(f);
  // One take's read first: it opens the connection and loads the entity directory.
  await timed(`${url}/api/takes/${f.takeId}`);
  r.endpoints = {};
  for (const ep of list)
    r.endpoints[ep.id] = { label: ep.label, cold: await counted(log, get(ep.path)), warm: await counted(log, get(ep.path)) };

  // A new take about the player and a comment on the take expire the lists measured cold below (the first request
  // in a fresh server also fills what a process reads once, such as the league's players).
  const [fan] = /** @type {[import('./accounts.mjs').Fan]} */ (await ctx.fans());
  await ctx.newTake(fan, 'Bench take to expire the lists');
  const comment = await ctx.post('/api/comments', fan, { text: 'Written by npm run bench.', postID: f.takeId });
  if (comment.status !== 201) throw new Error(`POST /api/comments answered ${comment.status}`);
  // The player's page first: its list is the API's page of 10. Then the lists read cold at a small and a large page:
  // commands that grew with the page would be a query per item.
  const commands = async (/** @type {string} */ p) => (await counted(log, get(p))).commands;
  r.entityPageCold = await commands(`/players/${f.playerId}`);
  const [player, comments] = [`/api/players/${f.playerId}?limit=`, `/api/comments?postID=${f.takeId}&limit=`];
  r.pageSizes = {
    feed: [await commands('/api/takes?limit=10'), await commands('/api/takes?limit=50')],
    entity: [await commands(`${player}10`), await commands(`${player}50`)],
    comments: [await commands(`${comments}15`), await commands(`${comments}50`)],
  };

  // The feed once more with 50 connections, the memory budget's load.
  for (const ep of [...list, { id: 'feed-p1-c50', label: '', path: '/api/takes', connections: 50 }]) {
    const [run, rss] = await ctx.rss.during(() => load({ url, path: ep.path, connections: ep.connections, seconds: ctx.seconds }));
    await ctx.drain();
    if (ep.connections === 50) r.rss50 = Math.max(r.rss50 ?? 0, rss);
    else /** @type {EndpointFigures} */ (r.endpoints[ep.id]).load = run;
  }
  // A game night's thread against the feed, page for page, in turns: load runs minutes apart differ by more than the
  // 20% the budget allows (page 5 at 23 vs 18 ms in one run, the same work in both).
  if (f.game) {
    const at = (/** @type {string} */ id) => `${url}${list.find((e) => e.id === id)?.path}`;
    r.gameVsFeed = { p1: await inTurns(at('game-p1'), at('feed-p1'), 60), p5: await inTurns(at('game-p5'), at('feed-p5'), 60) };
  }
}

/**
 * The feed from a plain Node server with the driver alone (bench/baseline-server.mjs), loaded as the app's was; and
 * the share image timed in turns against a text-only render of the same take's words.
 * @param {Ctx} ctx
 */
export async function measureBaselines(ctx) {
  const baseline = await startBaseline(ctx.set.uri);
  try {
    const feed = (/** @type {string} */ path) => load({ url: baseline.url, path, seconds: ctx.seconds });
    ctx.r.baselines = { 'feed-p1': await feed('/feed'), 'feed-p5': await feed(`/feed?cursor=${encodeURIComponent(ctx.f.page5)}`) };
    ctx.r.shareImage = await inTurns(`${ctx.url}/api/capture?takeID=${ctx.f.takeId}`, `${baseline.url}/og-text?takeID=${ctx.f.takeId}`);
  } finally {
    await baseline.stop();
  }
}
