// @ts-check
// Writes: the commands of each write a fan makes on a take; fifty fans liking and disliking the hottest takes at
// once, after which every counter must still equal its facts; and a busy evening in miniature, fans reading while
// some react, against the same fans only reading.
import { counted, load, median, timed } from './measure.mjs';
import { runStep, tsx } from './servers.mjs';

/** @typedef {import('./context.mjs').Ctx} Ctx */
/** @typedef {{ error: string } | { counters: number; rankingKeys: number }} Counters */
/** @typedef {{ feedP50: number; requests: number; errors: number; samples: string[] }} MixedRun */
/** @typedef {{ readOnly: MixedRun; withReactions: MixedRun; counters: Counters }} Mixed */

/** Every counter against the facts under it: `npm run repair-counts -- --dry-run`, which writes nothing. */
function countersAgainstFacts(/** @type {Ctx} */ ctx) {
  try {
    const env = { ...ctx.env, MONGODB_URI: ctx.set.uri };
    return /** @type {Counters} */ (JSON.parse(runStep('counters check', tsx('scripts/repair-counts.ts', '--dry-run'), env)));
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error).slice(-500) };
  }
}

/**
 * Each write on a take, one request at a time, by a fan the server already knows (a fan's first action in a process
 * also looks them up); then the like loop and the counters.
 * @param {Ctx} ctx
 */
export async function measureWrites(ctx) {
  const { f, r } = ctx;
  const fans = await ctx.fans();
  const fan = /** @type {import('./accounts.mjs').Fan} */ (fans.at(-1));
  await ctx.post('/api/user-action', fan, { actionType: 'share', postID: f.hot[2] });
  const steps = [
    ['like'],
    ['dislike (switch)', 'dislike'],
    ['like (switch back)', 'like'],
    ['favorite'],
    ['unfavorite', 'favorite'],
    ['share'],
  ];
  r.writes = [];
  for (const [label, actionType = label] of steps) {
    const { commands, ops } = await counted(ctx.log, () => ctx.post('/api/user-action', fan, { actionType, postID: f.hot[1] }));
    r.writes.push({ label: /** @type {string} */ (label), commands, ops });
  }
  // Every fan alternates like and dislike on one of the ten hottest takes, so every request moves counts.
  const perClient = fans.map((fan, i) =>
    ['like', 'dislike'].map((actionType) => ({
      method: /** @type {const} */ ('POST'),
      path: '/api/user-action',
      headers: fan.headers,
      body: JSON.stringify({ actionType, postID: f.hot[i % f.hot.length] }),
    })),
  );
  const [loop, rss] = await ctx.rss.during(() =>
    load({ url: ctx.url, path: '/api/user-action', connections: fans.length, seconds: Math.max(ctx.seconds, 15), perClient }),
  );
  r.likeLoop = loop;
  r.rss50 = Math.max(r.rss50 ?? 0, rss);
  await ctx.drain();
  r.counters = countersAgainstFacts(ctx);
}

/** Each fan's requests in turn: the feed, a take's page and its comments 5 : 2 : 2, then (in the mix) a reaction. */
const READS = ['feed', 'feed', 'take', 'feed', 'comments', 'feed', 'take', 'feed', 'comments'];

/**
 * Every fan at once for `seconds`, each repeating READS on one of the hottest takes and, when `reacting`, a like or
 * dislike of it every tenth request. Every request but a 200 is an error.
 * @returns {Promise<MixedRun>}
 */
async function mixedRun(/** @type {Ctx} */ ctx, /** @type {number} */ seconds, reacting = false) {
  const cycle = reacting ? [...READS, 'react'] : READS;
  /** @type {number[]} */
  const feed = [];
  /** @type {string[]} */
  const errors = [];
  let requests = 0;
  const until = Date.now() + seconds * 1000;
  const fans = await ctx.fans();
  await Promise.all(
    fans.map(async (fan, n) => {
      const take = ctx.f.hot[n % ctx.f.hot.length];
      const paths = { feed: '/api/takes', take: `/takes/${take}`, comments: `/api/comments?postID=${take}`, react: '/api/user-action' };
      for (let i = n; Date.now() < until; i += 1) {
        const kind = /** @type {keyof typeof paths} */ (cycle[i % cycle.length]);
        const body = JSON.stringify({ actionType: i % 20 < 10 ? 'like' : 'dislike', postID: take });
        const init = kind === 'react' ? { method: 'POST', headers: fan.headers, body } : {};
        const reply = await timed(`${ctx.url}${paths[kind]}`, init).catch((error) => ({ status: String(error), ms: 0 }));
        requests += 1;
        if (kind === 'feed') feed.push(reply.ms);
        if (reply.status !== 200) errors.push(`${kind} ${reply.status}`);
      }
    }),
  );
  return { feedP50: median(feed), requests, errors: errors.length, samples: [...new Set(errors)].slice(0, 5) };
}

/** Reads only, then the mix, with the same fans for the same time; then the counters. @param {Ctx} ctx */
export async function measureMixed(ctx, seconds = 20) {
  const readOnly = await mixedRun(ctx, seconds);
  const withReactions = await mixedRun(ctx, seconds, true);
  await ctx.drain();
  ctx.r.mixed = { readOnly, withReactions, counters: countersAgainstFacts(ctx) };
}
