import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { seasonOf } from '@/lib/callers/callers';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { CallerScore } from '@/models';
import { fans, type Standing, standings } from '@/tests/support/caller-standings';
import { call, postTake, signUp, type TestUser } from '@/tests/support/api';
import { commandsOf } from '@/tests/support/query-log';

/*
 * The boards read CallerStat standings and CallerScore facts, which the
 * scheduled job writes (its own tests cover how). Here they are inserted as
 * setup data, each test on a past season of its own, so no other test's
 * standings share its board.
 */

const ARTIFACTS = path.join(process.cwd(), 'test-results', 'previews');

beforeAll(() => dbConnect());
afterAll(() => dbDisconnect());

const board = (query: string, token?: string, headers?: Record<string, string>) =>
  call('GET', `/api/callers?${query}`, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

describe('GET /api/callers', () => {
  // Who is listed, in what order, with what rank and standing, is tests/data/callers-board.test.ts's; here, the API's
  // answer, its preview image, its refusals and its cost.
  it('answers a page of the board, and draws its top three on its preview image', async () => {
    const season = '2011-12';
    const ids = await fans(3);
    await standings(
      season,
      ids.map((id, i): [string, Standing] => [id, { rating: 2 - i * 0.5 }]),
    );
    const first = await board(`season=${season}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ board: season, title: '2011–12', team: null, viewer: null, nextCursor: null });
    expect(first.body.entries.map((e: { user: { _id: string } }) => e.user._id)).toEqual(ids);

    const image = await fetch(`${process.env.API_BASE_URL}/og/callers/${season}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    const bytes = Buffer.from(await image.arrayBuffer());
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(path.join(ARTIFACTS, 'og-callers-leaders.png'), bytes);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  }, 60_000);

  it('answers bad input with a 400 and its reason', async () => {
    for (const query of [
      'board=week',
      'season=2020-22',
      'season=20-21',
      'team=abc',
      'team=0',
      'team=999999',
      'cursor=abc',
      'cursor=1_000000000000000000000000',
      `cursor=${encodeURIComponent('{"$gt":""}')}`,
    ]) {
      const reply = await board(query);
      expect({ query, status: reply.status, error: typeof reply.body?.error }).toEqual({ query, status: 400, error: 'string' });
    }
  });

  it('costs at most 3 database commands, and the cached page none', async () => {
    const season = '2014-15';
    const viewer = await signUp('counter');
    const ids = await fans(3);
    await standings(season, [...ids.map((id, i): [string, Standing] => [id, { rating: 1 - i * 0.1 }]), [viewer._id, { rating: 0.05 }]]);
    // A fan's first request in a server looks them up; the next minute's do not.
    expect((await board('board=all', viewer.idToken)).status).toBe(200);

    const cold = await commandsOf(() => board(`season=${season}`, viewer.idToken));
    expect(cold.reply.body.viewer).toMatchObject({ rank: 4 });
    // The page (with its fans, by $lookup), the fan's standing, and the count of those ahead of them.
    expect(cold.ops.sort()).toEqual(['aggregate callerstats', 'aggregate callerstats', 'find callerstats']);
    const warm = await commandsOf(() => board(`season=${season}`, viewer.idToken));
    expect(warm.reply.body).toEqual(cold.reply.body);
    expect(warm.ops.sort()).toEqual(['aggregate callerstats', 'find callerstats']);
    const visitor = await commandsOf(() => board(`season=${season}`));
    expect(visitor.ops).toEqual([]);
  }, 60_000);
});

describe('the /callers page', () => {
  it('renders the board, the rules and its preview tags on the server', async () => {
    const season = seasonOf(new Date());
    const page = await call('GET', '/callers');
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain(`Top callers of ${season.replace('-', '–')}`);
    expect(html).toContain('How callers are ranked');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/og/callers/${season}"`));
    expect(html).toContain('<meta property="og:image:width" content="1200"');
  });
});

describe('a profile', () => {
  let caller: TestUser;
  beforeAll(async () => {
    caller = await signUp('profiled');
  });

  it('shows the caller rating, record and rank, and each verdict linking to its take', async () => {
    const season = seasonOf(new Date());
    await standings(season, [[caller._id, { rating: 0.12345, scored: 6 }]]);
    await standings('all', [[caller._id, { rating: 0.3, scored: 4, qualified: false }]]);
    const take = await postTake(caller, { title: 'The Thunder repeat as champions' });
    const gone = new mongoose.Types.ObjectId();
    const author = new mongoose.Types.ObjectId(caller._id);
    const scored = { crowdLikes: 3, crowdDislikes: 7, crowd: 0.33, countedWell: 8, countedPoorly: 2, scoredAt: new Date(), season };
    await CallerScore.insertMany([
      {
        _id: new mongoose.Types.ObjectId(take._id),
        author,
        title: take.title,
        dueAt: new Date('2026-05-02'),
        dueDay: '2026-05-02',
        verdict: 'well',
        reason: 'votes',
        points: 2.03,
        ...scored,
      },
      {
        _id: gone,
        author,
        title: 'A take deleted after two days',
        dueAt: new Date('2026-04-01'),
        dueDay: '2026-04-01',
        verdict: 'poorly',
        reason: 'deleted',
        points: -1,
        ...scored,
      },
    ]);

    const profile = String((await call('GET', `/profile/${caller._id}`)).body);
    expect(profile).toContain('Caller rating');
    expect(profile).toContain('+0.12');
    expect(profile).toMatch(/#\d+ · Provisional/);
    expect(profile).toContain('Not ranked yet');
    expect(profile).toContain('4–2–1');

    const calls = String((await call('GET', `/profile/${caller._id}?tab=calls`)).body);
    expect(calls).toContain(`href="/takes/${take._id}"`);
    expect(calls).toContain('The Thunder repeat as champions');
    expect(calls).toContain('Deleted take');
    expect(calls).not.toContain(`/takes/${String(gone)}`);
  }, 60_000);
});
