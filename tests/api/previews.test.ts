import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { storeTake } from '@/tests/support/stored-take';
import { storeGame } from '@/tests/support/games';
import { call, PLAYER, postTake, signUp, TEAM, type TestUser } from '@/tests/support/api';

const base = () => process.env.API_BASE_URL!;
const HOUR = 60 * 60 * 1000;
const gameTake = (gameID: number) => ({ entityType: 'game', gameID, playerID: null, team: null, specialID: null, tags: [gameID] });
const ARTIFACTS = path.join(process.cwd(), 'test-results', 'previews');
let author: TestUser;

beforeAll(async () => {
  author = await signUp('share');
  await dbConnect();
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(() => dbDisconnect());

async function png(urlPath: string, save?: string) {
  const response = await fetch(`${base()}${urlPath}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (save) writeFileSync(path.join(ARTIFACTS, save), bytes);
  const meta = await sharp(bytes).metadata();
  return {
    width: meta.width,
    height: meta.height,
    etag: response.headers.get('etag'),
    cache: response.headers.get('cache-control'),
    bytes,
  };
}

/** Pixels in rows [top, bottom) of a PNG that are orange to red, as the fire emoji is and no text on a share image is. */
async function firePixels(bytes: Buffer, top: number, bottom: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = top * info.width * 3; i < bottom * info.width * 3; i += 3) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 200 && g > 40 && g < 200 && b < 90) count += 1;
  }
  return count;
}

describe('GET /api/capture', () => {
  it('draws a 1080×1920 PNG with and without comments, cacheable by ETag', async () => {
    const take = await postTake(author, { title: 'Jokić and Şengün are the two best passing bigs 🐐🔥' });
    const bare = await png(`/api/capture?takeID=${take._id}&entityName=x&entityImage=y`, 'share-no-comments.png');
    expect([bare.width, bare.height]).toEqual([1080, 1920]);
    // The title's emoji are drawn in the title, below the orange HOT TAKE label (rows 634 to 686).
    expect(await firePixels(bare.bytes, 700, 1000)).toBeGreaterThan(500);
    expect(bare.etag).toMatch(/^"[\w-]+"$/);
    expect(bare.cache).toContain('max-age');

    const again = await fetch(`${base()}/api/capture?takeID=${take._id}&entityName=x&entityImage=y`, {
      headers: { 'If-None-Match': bare.etag! },
    });
    expect(again.status).toBe(304);

    await call('POST', '/api/comments', { token: author.idToken, body: { text: 'Passing wizards, both of them 🪄', postID: take._id } });
    const commented = await png(`/api/capture?takeID=${take._id}`, 'share-with-comment.png');
    expect([commented.width, commented.height]).toEqual([1080, 1920]);
    expect(commented.etag).not.toBe(bare.etag);
  });

  it('survives a 200-character title and a take whose entity no longer exists', async () => {
    const long = await storeTake(author, { title: `${'Very long take '.repeat(13)}end 🏀`.slice(0, 200) });
    expect(await png(`/api/capture?takeID=${long}`, 'share-long-title.png')).toMatchObject({ width: 1080, height: 1920 });
    const orphan = await storeTake(author, {
      title: 'About a retired player',
      playerID: 999999999,
      entityKey: 'player:999999999',
      tags: [999999999],
    });
    expect(await png(`/api/capture?takeID=${orphan}`)).toMatchObject({ width: 1080, height: 1920 });
  });

  it('answers 404 for an unknown take and 400 for a bad query', async () => {
    expect((await call('GET', '/api/capture?takeID=000000000000000000000000')).status).toBe(404);
    expect((await call('GET', '/api/capture?takeID=%7B%22%24ne%22%3Anull%7D')).status).toBe(400);
    expect((await call('GET', '/api/capture')).status).toBe(400);
  });
});

describe('Open Graph cards', () => {
  it('are 1200×630 PNGs for a take, a player and a team', async () => {
    const take = await postTake(author);
    expect(await png(`/og/takes/${take._id}`, 'og-take.png')).toMatchObject({ width: 1200, height: 630 });
    expect(await png(`/og/players/${PLAYER.id}`, 'og-player.png')).toMatchObject({ width: 1200, height: 630 });
    expect(await png(`/og/teams/${TEAM.id}`, 'og-team.png')).toMatchObject({ width: 1200, height: 630 });
    expect((await call('GET', '/og/players/999999999')).status).toBe(404);
  });

  it('are 1200×630 PNGs for a game, before tip-off and final, and for a take on it', async () => {
    const upcoming = await storeGame({ tipoff: new Date(Date.now() + HOUR) });
    const final = await storeGame({ tipoff: new Date(Date.now() - 30 * HOUR), status: 'final', awayScore: 112, homeScore: 104 });
    expect(await png(`/og/games/${upcoming._id}`, 'og-game.png')).toMatchObject({ width: 1200, height: 630 });
    expect(await png(`/og/games/${final._id}`, 'og-game-final.png')).toMatchObject({ width: 1200, height: 630 });
    const take = await postTake(author, gameTake(upcoming._id));
    expect(await png(`/og/takes/${take._id}`, 'og-game-take.png')).toMatchObject({ width: 1200, height: 630 });
    expect(await png(`/api/capture?takeID=${take._id}`, 'share-game-take.png')).toMatchObject({ width: 1080, height: 1920 });
    expect((await call('GET', '/og/games/123')).status).toBe(404);
    expect((await call('GET', '/og/games/abc')).status).toBe(400);
  });

  it('are 1200×630 PNGs for a callers board, this season and all time', async () => {
    expect(await png('/og/callers/2026-27', 'og-callers-season.png')).toMatchObject({ width: 1200, height: 630 });
    expect(await png('/og/callers/all', 'og-callers-all.png')).toMatchObject({ width: 1200, height: 630 });
    expect((await call('GET', '/og/callers/2026-28')).status).toBe(400);
  });
});

describe('crawler-facing HTML', () => {
  const CRAWLER = { 'User-Agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };

  async function tags(urlPath: string) {
    const response = await fetch(`${base()}${urlPath}`, { headers: CRAWLER });
    const html = await response.text();
    const meta = (key: string) => {
      const match = new RegExp(`<meta[^>]+(?:property|name)="${key}"[^>]+content="([^"]*)"`).exec(html);
      return match?.[1];
    };
    const canonical = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/.exec(html)?.[1];
    return { status: response.status, html, meta, canonical };
  }

  async function expectCard(urlPath: string, title: string, imagePath: string) {
    const page = await tags(urlPath);
    expect(page.status).toBe(200);
    expect(page.meta('og:title')).toContain(title);
    expect(page.meta('og:description')?.length).toBeGreaterThan(20);
    expect(page.meta('og:url')).toMatch(new RegExp(`${urlPath.replace(/\//g, '\\/')}$`));
    expect(page.meta('og:site_name')).toBe('Takes');
    expect(page.meta('og:type')).toBeTruthy();
    expect(page.meta('og:image:width')).toBe('1200');
    expect(page.meta('og:image:height')).toBe('630');
    expect(page.meta('og:image:alt')).toBeTruthy();
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.canonical).toMatch(new RegExp(`${urlPath.replace(/\//g, '\\/')}$`));
    const image = new URL(page.meta('og:image')!);
    expect(image.pathname).toBe(imagePath);
    expect(await png(image.pathname)).toMatchObject({ width: 1200, height: 630 });
  }

  it('a take page carries every preview tag, with an image that decodes', async () => {
    const take = await postTake(author, { title: 'Crawlers read this take' });
    await expectCard(`/takes/${take._id}`, 'Crawlers read this take', `/og/takes/${take._id}`);
  });

  it('a player page and a team page carry them too', async () => {
    await expectCard(`/players/${PLAYER.id}`, PLAYER.name, `/og/players/${PLAYER.id}`);
    await expectCard(`/teams/nba/${TEAM.id}`, TEAM.name, `/og/teams/${TEAM.id}`);
  });

  it('a game page carries them, and an unknown game is a 404 with noindex', async () => {
    const game = await storeGame({ tipoff: new Date(Date.now() + 2 * HOUR) });
    await expectCard(`/games/${game._id}`, 'game thread', `/og/games/${game._id}`);
    const missing = await tags('/games/123');
    expect(missing.status).toBe(404);
    expect(missing.html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('an unknown take answers 404 with noindex', async () => {
    const page = await tags('/takes/000000000000000000000000');
    expect(page.status).toBe(404);
    expect(page.html).toMatch(/<meta name="robots" content="noindex/);
  });
});

describe('sitemap', () => {
  async function allUrls(): Promise<string> {
    const index = await (await fetch(`${base()}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toContain('/sitemaps/pages.xml');
    const bodies = await Promise.all(files.map(async (f) => (await fetch(`${base()}${f}`)).text()));
    return bodies.join('\n');
  }

  it('lists a fresh take, policy and entity pages, the games and a game thread with takes, and drops a deleted take', async () => {
    const take = await postTake(author);
    const game = await storeGame({ tipoff: new Date(Date.now() + HOUR) });
    const quiet = await storeGame({ tipoff: new Date(Date.now() + HOUR) });
    await postTake(author, gameTake(game._id));
    const before = await allUrls();
    expect(before).toContain('/games</loc>');
    expect(before).toContain(`/games/${game._id}</loc>`);
    expect(before).not.toContain(`/games/${quiet._id}</loc>`);
    expect(before).toContain(`/takes/${take._id}</loc>`);
    expect(before).toContain('/privacy</loc>');
    expect(before).toContain('/callers</loc>');
    expect(before).toContain(`/teams/nba/${TEAM.id}</loc>`);
    await call('DELETE', `/api/takes/${take._id}`, { token: author.idToken });
    expect(await allUrls()).not.toContain(`/takes/${take._id}</loc>`);
  });

  it('robots.txt points at the sitemap', async () => {
    const robots = await (await fetch(`${base()}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /api/');
  });
});
