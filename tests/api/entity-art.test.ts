import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { ENTITY_ART } from '@/lib/og/constants';
import { PLAYER, postTake, signUp, TEAM, type TestUser } from '@/tests/support/api';
import { startApp, stopTree } from '@/tests/support/processes';

// A storage host served by the test itself, and a second host that must never be asked for anything.
// The app is an instance of its own, started with NEXT_PUBLIC_STORAGE_BASE_URL pointing at the storage host.

type Host = { server: http.Server; url: string; seen: string[]; sockets: Set<Socket> };

async function serve(handler: (path: string, response: http.ServerResponse) => void): Promise<Host> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    handler(request.url ?? '', response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, sockets };
}

async function close(host: Host) {
  for (const socket of host.sockets) socket.destroy();
  await new Promise<void>((resolve) => host.server.close(() => resolve()));
}

// Generated stand-ins for a player's headshot (magenta), a team's logo (pure green, SVG) and another picture (cyan).
const MAGENTA = [255, 0, 255] as const;
const GREEN = [0, 255, 0] as const;
const CYAN = [0, 255, 255] as const;
const portrait = (jersey: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="190" viewBox="0 0 260 190">
        <circle cx="130" cy="68" r="44" fill="#8d5524"/>
        <path d="M30 190c6-58 46-80 100-80s94 22 100 80z" fill="${jersey}"/>
        <text x="130" y="172" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="40" fill="#ffffff">11</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="54" fill="#00ff00"/><path d="M30 60h60M60 30v60" stroke="#0b0f17" stroke-width="10"/></svg>`;

let storage: Host;
let elsewhere: Host;
let app: { url: string; child: ChildProcess };
let author: TestUser;
let playerTake: string;
let teamTake: string;
let pictures: { player: Buffer; other: Buffer };

beforeAll(async () => {
  pictures = { player: await portrait('#ff00ff'), other: await portrait('#00ffff') };
  storage = await serve((url, response) => {
    if (url === `/current-players/${PLAYER.id}.png`) response.writeHead(200, { 'Content-Type': 'image/png' }).end(pictures.player);
    else if (url === '/special-topics/pick.png') response.writeHead(200, { 'Content-Type': 'image/png' }).end(pictures.other);
    else if (url === `/teams/${TEAM.id}.svg`) response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(LOGO);
    else if (url.startsWith('/broken/')) response.writeHead(500, { 'Content-Type': 'text/plain' }).end('storage is down');
    else if (url.startsWith('/slow/'))
      response.writeHead(200, { 'Content-Type': 'image/png' }).flushHeaders(); // headers, then nothing, ever
    else response.writeHead(404).end();
  });
  elsewhere = await serve((_url, response) => response.writeHead(200, { 'Content-Type': 'image/png' }).end(pictures.other));
  // Limits x1000 as on the shared API server, whose database (and so whose share-image windows) it shares.
  app = await startApp(process.env.MONGODB_URI!, { NEXT_PUBLIC_STORAGE_BASE_URL: storage.url, RATE_LIMIT_SCALE: '1000' });
  author = await signUp('art');
  playerTake = (await postTake(author, { title: 'Trae runs the best pick and roll in the league' }))._id;
  teamTake = (
    await postTake(author, { title: 'The Hawks make the second round', entityType: 'team', playerID: null, team: TEAM.id, tags: [TEAM.id] })
  )._id;
}, 120_000);

afterAll(async () => {
  if (app) stopTree(app.child);
  await Promise.all([storage && close(storage), elsewhere && close(elsewhere)]);
});

async function image(urlPath: string) {
  const started = Date.now();
  const response = await fetch(`${app.url}${urlPath}`, { signal: AbortSignal.timeout(20_000) });
  const ms = Date.now() - started;
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await response.arrayBuffer());
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  /** How many pixels are (nearly) exactly `rgb`: the generated pictures use colours no badge has. */
  const count = (rgb: readonly [number, number, number]) => {
    let n = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (Math.abs(data[i]! - rgb[0]) < 24 && Math.abs(data[i + 1]! - rgb[1]) < 24 && Math.abs(data[i + 2]! - rgb[2]) < 24) n += 1;
    }
    return n;
  };
  return { bytes, width: info.width, height: info.height, ms, etag: response.headers.get('etag'), count };
}

const captureOf = (take: string, query: Record<string, string> = {}) => `/api/capture?${new URLSearchParams({ takeID: take, ...query })}`;
const requestsFor = (host: Host, urlPath: string) => host.seen.filter((p) => p === urlPath).length;

describe('share image with a storage host', () => {
  it("draws the player's picture from the storage host, fetched once per process", async () => {
    const shared = await image(
      captureOf(playerTake, { entityName: PLAYER.name, entityImage: `${storage.url}/current-players/${PLAYER.id}.png` }),
    );
    expect([shared.width, shared.height]).toEqual([1080, 1920]);
    expect(shared.count(MAGENTA)).toBeGreaterThan(2_000);
    mkdirSync(path.join(process.cwd(), 'test-results'), { recursive: true });
    writeFileSync(path.join(process.cwd(), 'test-results', 'share-with-entity-image.png'), shared.bytes);

    // The same picture without the link's parameters: the take's own entity, from the per-process cache.
    const again = await image(captureOf(playerTake));
    expect(again.count(MAGENTA)).toBeGreaterThan(2_000);
    expect(requestsFor(storage, `/current-players/${PLAYER.id}.png`)).toBe(1);
  });

  it('draws the badge instead when the host answers 500, and the image differs from the one with the picture', async () => {
    const withPicture = await image(captureOf(playerTake));
    const fallback = await image(captureOf(playerTake, { entityImage: `${storage.url}/broken/${PLAYER.id}.png` }));
    expect(requestsFor(storage, `/broken/${PLAYER.id}.png`)).toBe(1);
    expect([fallback.width, fallback.height]).toEqual([1080, 1920]);
    expect(fallback.count(MAGENTA)).toBe(0);
    expect(fallback.bytes.equals(withPicture.bytes)).toBe(false);
    expect(fallback.etag).not.toBe(withPicture.etag);
  });

  it('stops waiting for a host that never answers and draws the badge', async () => {
    await image(captureOf(playerTake)); // a warm renderer, so the time below is the wait and the render alone
    const slow = await image(captureOf(playerTake, { entityImage: `${storage.url}/slow/${PLAYER.id}.png` }));
    expect(requestsFor(storage, `/slow/${PLAYER.id}.png`)).toBe(1);
    expect(slow.count(MAGENTA)).toBe(0);
    // The wait is capped at ENTITY_ART.timeoutMs; the rest is a render on a possibly busy machine.
    expect(slow.ms).toBeLessThan(ENTITY_ART.timeoutMs + 3_500);

    // The failure is remembered: the next render does not wait on the host again.
    const next = await image(captureOf(playerTake, { entityImage: `${storage.url}/slow/${PLAYER.id}.png` }));
    expect(requestsFor(storage, `/slow/${PLAYER.id}.png`)).toBe(1);
    expect(next.count(MAGENTA)).toBe(0);
  });

  it("honours the link's entityImage when it is on the storage host, and its entityName", async () => {
    const other = await image(captureOf(playerTake, { entityImage: `${storage.url}/special-topics/pick.png` }));
    expect(requestsFor(storage, '/special-topics/pick.png')).toBe(1);
    expect(other.count(CYAN)).toBeGreaterThan(2_000);
    expect(other.count(MAGENTA)).toBe(0);

    const plain = await image(captureOf(playerTake));
    const renamed = await image(captureOf(playerTake, { entityName: 'Ice Trae' }));
    expect(renamed.etag).not.toBe(plain.etag);
    expect(renamed.bytes.equals(plain.bytes)).toBe(false);
  });

  // Six full-size renders one after the other: on two cores shared with two other suites they have taken over 30 s.
  it("never fetches an entityImage from anywhere else, and draws the take's own picture instead", async () => {
    const port = new URL(storage.url).port;
    const foreign = [
      `${elsewhere.url}/current-players/${PLAYER.id}.png`,
      `${elsewhere.url.replace('http://', `http://127.0.0.1:${port}@`)}/x.png`,
      `//${new URL(elsewhere.url).host}/x.png`,
      `${elsewhere.url}/${storage.url}/current-players/${PLAYER.id}.png`,
      'file:///etc/passwd',
      // Relative: the site's own path, not the storage host's (a browser built with another base would send it).
      '/current-players/1.png',
    ];
    for (const entityImage of foreign) {
      const shared = await image(captureOf(playerTake, { entityImage }));
      expect(shared.count(MAGENTA)).toBeGreaterThan(2_000);
      expect(shared.count(CYAN)).toBe(0);
    }
    expect(elsewhere.seen).toEqual([]);
  }, 90_000);

  it('draws a team logo served as SVG', async () => {
    const shared = await image(captureOf(teamTake));
    expect(requestsFor(storage, `/teams/${TEAM.id}.svg`)).toBe(1);
    expect(shared.count(GREEN)).toBeGreaterThan(3_000);
  });
});

describe('link previews with a storage host', () => {
  it("draw the entity's picture on the take, player and team cards", async () => {
    const take = await image(`/og/takes/${playerTake}`);
    const player = await image(`/og/players/${PLAYER.id}`);
    const team = await image(`/og/teams/${TEAM.id}`);
    expect([player.width, player.height]).toEqual([1200, 630]);
    expect(take.count(MAGENTA)).toBeGreaterThan(2_000);
    expect(player.count(MAGENTA)).toBeGreaterThan(2_000);
    expect(team.count(GREEN)).toBeGreaterThan(3_000);
  });
});
