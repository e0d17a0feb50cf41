// @ts-check
// The feed through a fan's own filters (docs/filters.md): a fan with 50 muted words, the 5 players with the most
// takes muted and 3 teams watched later whose games are on, against a fan with none, both signed in; 60 reads of
// each, one at a time, in turns.
import { withDb } from './context.mjs';
import { counted, inTurns, timed } from './measure.mjs';

/**
 * `firstPage`: what the filters did to it, so a budget met by filters that filtered nothing would show.
 * @typedef {{ turns: import('./measure.mjs').Turns; commands: [number, number]; firstPage: { shown: number; collapsed: number; leftOut: number } }} Filtered
 */

// Words fans mute, some of which the takes use (so pages are thinned and filled), most of which they do not.
const WORDS = (
  'trade rumour injury refs tank mvp overrated washed bust goat load_management superteam ring_chasing flopping ' +
  'clutch choke dynasty rebuild lottery draft contract max_deal buyout waived suspension fine technical ejection ' +
  'brawl beef spoiler final_score blowout buzzer_beater overtime triple_double fifty career_high record streak ' +
  'playoffs play_in seeding standings trade_deadline free_agency cap_space luxury_tax apron hot_take'
)
  .split(' ')
  .map((w) => w.replace('_', ' '));

/** @param {import('./context.mjs').Ctx} ctx */
export async function measureFilters(ctx) {
  const { url } = ctx;
  const [plain, fan] = /** @type {[import('./accounts.mjs').Fan, import('./accounts.mjs').Fan]} */ (await ctx.newFans(2));
  const send = async (/** @type {string} */ p, /** @type {string} */ method, /** @type {object} */ body) => {
    const reply = await timed(`${url}${p}`, { method, headers: fan.headers, body: JSON.stringify(body) });
    if (reply.status !== 200) throw new Error(`${method} ${p} answered ${reply.status}: ${reply.body}`);
  };
  await withDb(ctx.set.uri, async (db) => {
    const games = db.collection('games');
    /** @type {number[]} */
    const ids = [];
    try {
      const top = (/** @type {string} */ type, /** @type {number} */ n) =>
        db.collection('entitystats').find({ entityType: type }).sort({ takes: -1, _id: 1 }).limit(n).toArray();
      for (const [i, word] of WORDS.entries())
        await send('/api/account/filters/mutes', 'POST', { kind: 'word', word, action: i % 2 ? 'collapse' : 'hide' });
      for (const p of await top('player', 5))
        await send('/api/account/filters/mutes', 'POST', { kind: 'player', id: p.entityId, action: 'collapse' });
      // Each team watched later plays now (tipped off an hour ago), so the shield collapses what is said about it; the
      // games stand in for tonight's slate for this fan only and are removed after.
      const teams = await top('team', 6);
      const [now, tipoff] = [new Date(), new Date(Date.now() - 3_600_000)];
      for (let i = 0; i < 3; i += 1) {
        const [home, away] = [teams[i]?.entityId, teams[i + 3]?.entityId];
        ids.push(970_000_000 + Math.floor(Math.random() * 1_000_000));
        const game = { _id: ids.at(-1), season: '2026-27', home, away, tipoff, status: 'live', homeScore: null, awayScore: null };
        await games.insertOne(/** @type {any} */ ({ ...game, createdAt: now, updatedAt: now }));
        await send(`/api/account/filters/teams/${home}`, 'PUT', { hours: 24 });
      }
      const read = (/** @type {import('./accounts.mjs').Fan} */ who) => timed(`${url}/api/takes`, { headers: who.headers });
      const page = /** @type {{ _id: string; collapsed?: object }[]} */ (JSON.parse(String((await read(fan)).body)));
      const everyone = /** @type {{ _id: string }[]} */ (JSON.parse(String((await read(plain)).body)));
      const shown = new Set(page.map((t) => t._id));
      const leftOut = everyone.filter((t) => !shown.has(t._id)).length;
      ctx.r.filtered = {
        commands: [(await counted(ctx.log, () => read(plain))).commands, (await counted(ctx.log, () => read(fan))).commands],
        firstPage: { shown: page.length, collapsed: page.filter((t) => t.collapsed).length, leftOut },
        turns: await inTurns({ url: `${url}/api/takes`, headers: fan.headers }, { url: `${url}/api/takes`, headers: plain.headers }, 60),
      };
    } finally {
      await games.deleteMany({ _id: { $in: /** @type {any} */ (ids) } });
    }
  });
}
