import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { CAPTURE_RENDERS_AT_ONCE } from '@/lib/og/constants';
import { createAccount } from '@/tests/support/emulator';
import { expectRenderCap, PLAYERS, takeBody, TEAMS, TOPICS } from '@/tests/support/api';
import { startApp, stopTree } from '@/tests/support/processes';

/**
 * Issue #38 item 2: every image the server draws has one address, so a query string never causes a render of its
 * own, and every render counts against the share images' limit and takes a slot of the instance's few, as
 * /api/capture's do. Its own server and database at the real limits, behind one proxy that appends the client's
 * address (as tests/api/rate-limits.test.ts runs).
 */
const uri = process.env.MONGODB_URI!.replace(/\/[^/]*$/, `/takes-images-${Date.now().toString(36)}`);
let app: { url: string; child: ChildProcess };
let takeId: string;
let authorId: string;

beforeAll(async () => {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/seed.ts', '--reference-only'], {
    env: { ...process.env, MONGODB_URI: uri },
  });
  app = await startApp(uri, { RATE_LIMIT_SCALE: '1', TAKES_TRUSTED_PROXY_HOPS: '1' });
  const author = await createAccount('images');
  const headers = { Authorization: `Bearer ${author.idToken}`, 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.1' };
  const user = await fetch(`${app.url}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: `img${Date.now().toString(36).slice(-8)}` }),
  });
  authorId = ((await user.json()) as { _id: string })._id;
  const take = await fetch(`${app.url}/api/takes`, { method: 'POST', headers, body: JSON.stringify(takeBody({ title: 'Drawn once' })) });
  takeId = ((await take.json()) as { _id: string })._id;
}, 90_000);

afterAll(() => stopTree(app.child));

const get = (path: string, address: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers: { 'X-Forwarded-For': address, ...headers }, redirect: 'manual' });

const images = () => [
  `/og/takes/${takeId}`,
  `/og/players/${PLAYERS[0]!.id}`,
  `/og/teams/${TEAMS[0]!.id}`,
  `/og/topics/${TOPICS[0]!.id}`,
  `/og/profile/${authorId}`,
  `/og/record/${authorId}`,
  '/og/callers/all',
  `/storage/current-players/${PLAYERS[0]!.id}.png`,
  `/storage/special-topics/${TOPICS[0]!.id}.png`,
  `/storage/teams/${TEAMS[0]!.id}.svg`,
];

describe('an image has one address', () => {
  it('sends a query string it does not use to the address without it, drawing nothing', async () => {
    for (const path of images()) {
      const moved = await get(`${path}?n=1`, '198.51.100.200');
      expect({ path, status: moved.status, location: moved.headers.get('location') }).toEqual({ path, status: 308, location: path });
      expect(moved.headers.get('content-type') ?? '').not.toMatch(/^image\//);
    }
  });

  it('answers 100 made-up query strings with 100 redirects and not one render', async () => {
    const statuses = [];
    for (let n = 1; n <= 100; n += 1) statuses.push((await get(`/og/takes/${takeId}?n=${n}`, '198.51.100.201')).status);
    expect(statuses.every((s) => s === 308)).toBe(true);
    // None of them counted against the address's 90 share images: its first real one draws.
    expect((await get(`/og/takes/${takeId}`, '198.51.100.201')).status).toBe(200);
  });

  it("writes the share image's own parameters one way: its take's id in lower case, a name trimmed, only a picture it can use", async () => {
    const canonical = `/api/capture?takeID=${takeId}`;
    const moves: [string, string][] = [
      [`/api/capture?takeID=${takeId.toUpperCase()}`, canonical],
      [`/api/capture?takeID=${takeId}&n=1`, canonical],
      [`/api/capture?entityName=&takeID=${takeId}`, canonical],
      [`/api/capture?takeID=${takeId}&entityImage=https%3A%2F%2Fevil.example%2Fx.png`, canonical],
      [`/api/capture?takeID=${takeId}&entityName=%20Lakers%20`, `${canonical}&entityName=Lakers`],
      [`/api/capture?entityName=Lakers&takeID=${takeId}`, `${canonical}&entityName=Lakers`],
    ];
    for (const [from, to] of moves) {
      const moved = await get(from, '198.51.100.202');
      expect({ from, status: moved.status, location: moved.headers.get('location') }).toEqual({ from, status: 308, location: to });
    }
    expect((await get(canonical, '198.51.100.202')).status).toBe(200);
    expect((await get(`${canonical}&entityName=Lakers`, '198.51.100.202')).status).toBe(200);
  });

  it('draws a callers board only for a board there is: all time, this season, or a season with standings', async () => {
    expect((await get('/og/callers/all', '198.51.100.203')).status).toBe(200);
    for (const season of ['1999-00', '2150-51', '0000-01']) {
      const reply = await get(`/og/callers/${season}`, '198.51.100.203');
      expect({ season, status: reply.status }).toEqual({ season, status: 404 });
    }
  });
});

describe("every render counts against the share images' limit", () => {
  it("preview cards share /api/capture's window per address, revalidations too", async () => {
    const address = '198.51.100.210';
    const first = await get(`/og/takes/${takeId}`, address);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    // 30 per 10 minutes for a fan, three times that for an address; the rest as cheap revalidations of the same card.
    const statuses: number[] = [];
    for (let i = 1; i < 90; i += 10) {
      const batch = Array.from({ length: Math.min(10, 90 - i) }, () => get(`/og/takes/${takeId}`, address, { 'If-None-Match': etag }));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.every((s) => s === 304)).toBe(true);
    for (const path of [`/og/takes/${takeId}`, `/og/teams/${TEAMS[1]!.id}`, `/api/capture?takeID=${takeId}`]) {
      const refused = await get(path, address);
      expect({ path, status: refused.status, policy: refused.headers.get('ratelimit-policy') }).toEqual({
        path,
        status: 429,
        policy: '"capture";q=30;w=600',
      });
    }
    expect((await get(`/og/takes/${takeId}`, '198.51.100.211', { 'If-None-Match': etag })).status).toBe(304);
  }, 120_000);

  it(`draws at most ${CAPTURE_RENDERS_AT_ONCE} images at once, preview cards and share images together`, async () => {
    // Each from an address of its own and of a card not drawn yet, so neither a limit nor a revalidation answers it.
    const paths = [
      ...PLAYERS.slice(10, 22).map((p) => `/og/players/${p.id}`),
      ...Array.from({ length: 4 }, (_, i) => `/api/capture?takeID=${takeId}&entityName=Burst${i}`),
    ];
    const replies = await Promise.all(paths.map((path, i) => get(path, `198.51.100.${220 + i}`)));
    await expectRenderCap(replies, /images/);
    expect((await get(`/og/players/${PLAYERS[30]!.id}`, '198.51.100.250')).status).toBe(200);
  }, 120_000);
});
