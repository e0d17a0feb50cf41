// @ts-check
// The feed through a fan's own filters (issue 37, docs/product.md#filters): one fan with 50 muted words, 5 muted
// players and 3 teams watched later whose games are on, beside a fan with none, both signed in, under the same load.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/services.mjs';
import { createFans } from './accounts.mjs';
import { inTurns, load, median, perRequest, timed } from './measure.mjs';

/** @typedef {import('./measure.mjs').Load} Load */
/** @typedef {import('./measure.mjs').PerRequest} PerRequest */
/** @typedef {import('./measure.mjs').Turns} Turns */
/**
 * @typedef {{
 *   words: number;
 *   players: number;
 *   teams: number;
 *   games: number;
 *   plain: { runs: Load[]; p50: number | null; commands: PerRequest };
 *   filtered: { runs: Load[]; p50: number | null; commands: PerRequest };
 *   firstPage: { shown: number; folded: number; leftOut: number };
 *   turns: Turns;
 * }} FilteredFeed
 */

// Words fans mute, some of which the takes use (so pages are thinned and filled), most of which they do not.
const WORDS = [
  'trade',
  'rumour',
  'injury',
  'refs',
  'tank',
  'mvp',
  'overrated',
  'washed',
  'bust',
  'goat',
  'load management',
  'superteam',
  'ring chasing',
  'flopping',
  'clutch',
  'choke',
  'dynasty',
  'rebuild',
  'lottery',
  'draft',
  'contract',
  'max deal',
  'buyout',
  'waived',
  'suspension',
  'fine',
  'technical',
  'ejection',
  'brawl',
  'beef',
  'spoiler',
  'final score',
  'blowout',
  'buzzer beater',
  'overtime',
  'triple double',
  'fifty',
  'career high',
  'record',
  'streak',
  'playoffs',
  'play in',
  'seeding',
  'standings',
  'trade deadline',
  'free agency',
  'cap space',
  'luxury tax',
  'apron',
  'hot take',
];
const PLAYERS = 5;
const TEAMS = 3;
/** Load runs per fan, interleaved, so a drift in the machine's load falls on both alike. */
const ROUNDS = 3;
const PATH = '/api/takes';

/**
 * @param {{ url: string; uri: string; emulatorHost: string; duration: number; log: import('./measure.mjs').QueryLog; drain: () => Promise<void> }} options
 * @returns {Promise<FilteredFeed>}
 */
export async function filteredFeed({ url, uri, emulatorHost, duration, log, drain }) {
  const [plain, filtered] = /** @type {[import('./accounts.mjs').Fan, import('./accounts.mjs').Fan]} */ (
    await createFans(url, emulatorHost, 2)
  );
  const { MongoClient } = /** @type {typeof import('mongoose')} */ (createRequire(path.join(ROOT, 'package.json'))('mongoose')).mongo;
  const client = new MongoClient(uri);
  /** @type {number[]} */
  const games = [];
  try {
    const db = client.db();
    const gameRows = /** @type {import('mongoose').mongo.Collection<{ _id: number } & Record<string, unknown>>} */ (db.collection('games'));
    // The players and teams with the most takes: a muted one then touches the feed as much as any can.
    const stats = db.collection('entitystats');
    const players = await stats.find({ entityType: 'player' }).sort({ takes: -1, _id: 1 }).limit(PLAYERS).toArray();
    const teams = await stats
      .find({ entityType: 'team' })
      .sort({ takes: -1, _id: 1 })
      .limit(TEAMS * 2)
      .toArray();
    /** @type {(p: string, method: string, body?: object) => Promise<void>} */
    const send = async (p, method, body) => {
      const reply = await timed(`${url}${p}`, { method, headers: filtered.headers, ...(body ? { body: JSON.stringify(body) } : {}) });
      if (reply.status !== 200) throw new Error(`${method} ${p} answered ${reply.status}: ${reply.body}`);
    };
    for (const [i, word] of WORDS.entries())
      await send('/api/account/filters/mutes', 'POST', { kind: 'word', word, action: i % 2 ? 'collapse' : 'hide' });
    for (const player of players)
      await send('/api/account/filters/mutes', 'POST', { kind: 'player', id: player.entityId, action: 'collapse' });
    // Each watched-later team is playing now (tipped off an hour ago), so the shield folds what is said about it.
    const now = Date.now();
    for (let i = 0; i < TEAMS; i += 1) {
      const [home, away] = [teams[i]?.entityId, teams[i + TEAMS]?.entityId];
      const id = 970_000_000 + Math.floor(Math.random() * 1_000_000);
      await gameRows.insertOne({
        _id: id,
        season: '2026-27',
        home,
        away,
        tipoff: new Date(now - 60 * 60 * 1000),
        status: 'live',
        homeScore: null,
        awayScore: null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      games.push(id);
      await send(`/api/account/filters/teams/${home}`, 'PUT', { hours: 24 });
    }

    /** @type {(fan: import('./accounts.mjs').Fan) => Promise<{ status: number; ms: number; body: Buffer }>} */
    const read = (fan) => timed(`${url}${PATH}`, { headers: fan.headers });
    const firstPage = /** @type {{ _id: string; collapsed?: object }[]} */ (JSON.parse(String((await read(filtered)).body)));
    const everyone = /** @type {{ _id: string }[]} */ (JSON.parse(String((await read(plain)).body)));
    const shown = new Set(firstPage.map((t) => t._id));
    const result = {
      words: WORDS.length,
      players: players.length,
      teams: games.length,
      games: games.length,
      plain: {
        runs: /** @type {Load[]} */ ([]),
        p50: /** @type {number | null} */ (null),
        commands: await perRequest(log, 3, () => read(plain)),
      },
      filtered: {
        runs: /** @type {Load[]} */ ([]),
        p50: /** @type {number | null} */ (null),
        commands: await perRequest(log, 3, () => read(filtered)),
      },
      firstPage: {
        shown: firstPage.length,
        folded: firstPage.filter((t) => t.collapsed).length,
        leftOut: everyone.filter((t) => !shown.has(t._id)).length,
      },
    };
    /** @type {(fan: import('./accounts.mjs').Fan) => Promise<Load>} */
    const measure = async (fan) => {
      const run = await load({
        url,
        path: PATH,
        connections: 10,
        duration,
        requestsPerClient: [[{ method: 'GET', path: PATH, headers: fan.headers }]],
      });
      await drain();
      return run;
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      result.plain.runs.push(await measure(plain));
      result.filtered.runs.push(await measure(filtered));
    }
    result.plain.p50 = median(result.plain.runs.map((r) => /** @type {number} */ (r.p50)));
    result.filtered.p50 = median(result.filtered.runs.map((r) => /** @type {number} */ (r.p50)));
    // What the budget judges: one read at a time, the two fans in turns, so each p50 is what a read costs a fan and
    // not where it stood in a queue of ten (the load runs' p50s swung 1.11× to 1.34× between runs of the same code).
    const turns = await inTurns({ url: `${url}${PATH}`, headers: filtered.headers }, { url: `${url}${PATH}`, headers: plain.headers }, 60);
    return { ...result, turns };
  } finally {
    // The games stood in for tonight's slate for these two fans only; nothing after this phase should meet them.
    if (games.length)
      await /** @type {import('mongoose').mongo.Collection<{ _id: number }>} */ (client.db().collection('games')).deleteMany({
        _id: { $in: games },
      });
    await client.close();
  }
}
