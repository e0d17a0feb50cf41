// @ts-check
// What every section of a run works with for one data set: its app server, the fixtures its pages and lists are
// about, the query log, signed-in fans, and the results it fills in (which bench/lib/budgets.mjs judges).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, SetupError } from '../../scripts/lib/services.mjs';
import { createFans } from './accounts.mjs';
import { timed } from './measure.mjs';

/** @typedef {import('./accounts.mjs').Fan} Fan */
/** @typedef {{ id: string; label: string; uri: string; demo: boolean }} DataSet */
/**
 * What the measured pages and lists are about, read from the database so the app's caches stay cold: the most
 * discussed take, the player with the most takes, the fan with the most posts, the ten hottest takes (the writes'
 * targets), the feed's page-5 cursor and, on a set with a game night, its thread's.
 * @typedef {{ takeId: string; playerId: number; profileId: string; searchTerm: string; hot: string[]; page5: string; game: { id: number; page5: string } | null }} Fixtures
 */
/**
 * Every figure of one data set; a section that did not run leaves its part out, and its budgets are not shown.
 * @typedef {{
 *   set: string;
 *   endpoints?: Record<string, import('./endpoints.mjs').EndpointFigures>;
 *   pageSizes?: Record<'feed' | 'entity' | 'comments', [number, number]>;
 *   entityPageCold?: number;
 *   gameVsFeed?: { p1: import('./measure.mjs').Turns; p5: import('./measure.mjs').Turns };
 *   rss50?: number;
 *   peakRss?: number;
 *   outbound?: number;
 *   writes?: { label: string; commands: number; ops: string[] }[];
 *   likeLoop?: import('./measure.mjs').Load;
 *   counters?: import('./writes.mjs').Counters;
 *   mixed?: import('./writes.mjs').Mixed;
 *   live?: import('./live.mjs').Live;
 *   filtered?: import('./filters.mjs').Filtered;
 *   baselines?: Record<'feed-p1' | 'feed-p5', import('./measure.mjs').Load>;
 *   shareImage?: import('./measure.mjs').Turns;
 *   pages?: import('./pages.mjs').Pages;
 *   dev?: import('./dev.mjs').DevFirstHits;
 *   zones?: import('./zones.mjs').Zones;
 *   settle?: import('./settle.mjs').Settlement;
 * }} Results
 */

/** The driver Mongoose ships, for reads and writes the app does not make. */
export const mongo = () => /** @type {typeof import('mongoose')} */ (createRequire(path.join(ROOT, 'package.json'))('mongoose')).mongo;
/**
 * `work` with a database of the driver's, closed after.
 * @template T @param {string} uri @param {(db: import('mongoose').mongo.Db) => Promise<T>} work
 */
export async function withDb(uri, work) {
  const client = new (mongo().MongoClient)(uri);
  try {
    return await work(client.db());
  } finally {
    await client.close();
  }
}
/** A module of the app's (the bench runs as plain Node, so tsx loads the TypeScript), from this folder. */
export const appModule = async (/** @type {string} */ file) => (await import('tsx/esm/api')).tsImport(file, import.meta.url);

/** Fans a run signs in: the writes, the mixed workload and the live tabs share them. */
const FANS = 50;

/**
 * A section's context: what it was given (`f` the fixtures, `r` the results it fills in), the app's address, and ways
 * to write to it as signed-in fans.
 * @param {{ app: import('./servers.mjs').App; set: DataSet; f: Fixtures; log: import('./measure.mjs').QueryLog;
 *   rss: import('./servers.mjs').Rss; env: Record<string, string | undefined>; seconds: number; r: Results }} options
 */
export function context({ app, ...given }) {
  /** @type {Promise<Fan[]> | undefined} */
  let fans;
  const url = app.url;
  /** @type {(p: string, fan: Fan, body: object) => Promise<import('./measure.mjs').Reply>} */
  const post = (p, fan, body) => timed(`${url}${p}`, { method: 'POST', headers: fan.headers, body: JSON.stringify(body) });
  /** Fans of their own, apart from the run's shared ones. */
  const newFans = (/** @type {number} */ count) => createFans(url, /** @type {string} */ (given.env.FIREBASE_AUTH_EMULATOR_HOST), count);
  return {
    ...given,
    url,
    post,
    newFans,
    fans: () => (fans ??= newFans(FANS)),
    /** Lets what a load run left queued finish before the next is measured. */
    drain: async () => void (await timed(`${url}/api/health`)),
    /** A take by `fan` about the measured player, which expires the feed, trending and that player's lists. */
    newTake: async (/** @type {Fan} */ fan, /** @type {string} */ title) => {
      const { playerId } = given.f;
      const body = { title, description: 'Written by npm run bench.', entityType: 'player', playerID: playerId, tags: [playerId] };
      const reply = await post('/api/takes', fan, body);
      if (reply.status !== 201) throw new SetupError(`POST /api/takes answered ${reply.status}: ${reply.body}`);
      return String(JSON.parse(reply.body.toString('utf8'))._id);
    },
  };
}
/** @typedef {ReturnType<typeof context>} Ctx */

/**
 * @param {string} uri
 * @returns {Promise<Fixtures>}
 */
export async function fixtures(uri) {
  // The app's own cursor encoding and page size.
  /** @type {{ encodeCursor: (value: number, id: string) => string }} */
  const { encodeCursor } = await appModule('../../lib/validation/cursor.ts');
  /** @type {{ FEED_PAGE_SIZE: number }} */
  const { FEED_PAGE_SIZE } = await appModule('../../lib/constants.ts');
  return withDb(uri, async (db) => {
    /** @type {(name: string, filter: object, sort: Record<string, 1 | -1>, limit?: number, skip?: number) => Promise<any[]>} */
    const rows = (name, filter, sort, limit = 1, skip = 0) => db.collection(name).find(filter).sort(sort).skip(skip).limit(limit).toArray();
    const [take] = await rows('takes', {}, { commentsCount: -1, _id: -1 });
    const [stat] = await rows('entitystats', { entityType: 'player' }, { takes: -1, _id: 1 });
    const [player] = await rows('players', { _id: stat.entityId }, { _id: 1 });
    const [author] = await rows('users', {}, { postsCount: -1, _id: 1 });
    const hot = await rows('takes', {}, { score: -1, _id: -1 }, 4 * FEED_PAGE_SIZE);
    const last = hot.at(-1);
    // The busiest game thread (the synthetic set's game night), when it is five pages deep.
    const [thread] = await rows('entitystats', { entityType: 'game' }, { takes: -1, _id: 1 });
    const [fortieth] = thread ? await rows('takes', { entityKeys: thread._id }, { createdAt: -1, _id: -1 }, 1, 4 * FEED_PAGE_SIZE - 1) : [];
    return {
      takeId: String(take._id),
      playerId: player._id,
      profileId: String(author._id),
      searchTerm: player.name.split(' ').pop(),
      hot: hot.slice(0, 10).map((t) => String(t._id)),
      page5: encodeCursor(last.score, String(last._id)),
      game: fortieth ? { id: thread.entityId, page5: encodeCursor(fortieth.createdAt.getTime(), String(fortieth._id)) } : null,
    };
  });
}
