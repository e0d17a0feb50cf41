// @ts-check
// The benchmark's baselines, a plain Node http server the app's figures are read against:
//   GET /feed?limit&cursor   the feed's query (by score, then _id) and its authors, mongodb driver only
//   GET /og-text?takeID      a text-only 1080×1920 next/og render of a take's words (read once, then cached)
// No Next.js, no Mongoose documents, no validation: what is left of a request is the database and JSON.
//   MONGODB_URI=… node bench/baseline-server.mjs    (prints "baseline ready <port>")
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));
// The driver Mongoose ships, so both sides speak to the database with the same client.
const { MongoClient, ObjectId } = require('mongoose').mongo;
const { ImageResponse } = require('next/og');
const { createElement: h } = require('react');

// The driver's default pool, as the app's (lib/db.ts).
const client = new MongoClient(/** @type {string} */ (process.env.MONGODB_URI));
const db = client.db();
const takes = db.collection('takes');
const users = db.collection('users');

const AUTHOR = { projection: { username: 1, profilePictureUrl: 1 } };
const withAuthors = async (/** @type {import('mongoose').mongo.WithId<import('mongoose').mongo.Document>[]} */ rows) => {
  const ids = [...new Set(rows.map((t) => String(t.createdBy)))].map((id) => new ObjectId(id));
  const authors = new Map((await users.find({ _id: { $in: ids } }, AUTHOR).toArray()).map((u) => [String(u._id), u]));
  return rows.map((t) => ({ ...t, createdBy: authors.get(String(t.createdBy)) ?? null }));
};

/** @param {URL} url */
async function feed(url) {
  const limit = Math.min(50, Number(url.searchParams.get('limit') ?? 10));
  const cursor = url.searchParams.get('cursor');
  let filter = {};
  if (cursor) {
    const at = cursor.lastIndexOf('_');
    const value = Number(cursor.slice(0, at));
    filter = { $or: [{ score: { $lt: value } }, { score: value, _id: { $lt: new ObjectId(cursor.slice(at + 1)) } }] };
  }
  return withAuthors(await takes.find(filter).sort({ score: -1, _id: -1 }).limit(limit).toArray());
}

const fonts = /** @type {const} */ ([400, 700, 800]).flatMap((weight) =>
  ['latin', 'latin-ext'].map((subset) => ({
    name: subset === 'latin' ? 'Inter' : 'Inter Ext',
    data: readFileSync(path.join(ROOT, 'assets', 'fonts', `inter-${subset}-${weight}-normal.woff`)),
    weight,
    style: /** @type {const} */ ('normal'),
  })),
);
/** @type {Map<string, import('mongoose').mongo.Document>} */
const words = new Map();

/** The take's title and description, in the share image's size and fonts, with nothing else: no data, no emoji, no art. */
async function ogText(/** @type {string} */ takeID) {
  if (!words.has(takeID)) {
    const row = await takes.findOne({ _id: new ObjectId(takeID) }, { projection: { title: 1, description: 1 } });
    words.set(takeID, row ?? { title: 'Take not found', description: '' });
  }
  const { title, description } = /** @type {import('mongoose').mongo.Document} */ (words.get(takeID));
  // Only what the fonts draw: an emoji or a script they lack would send next/og to its CDN (the app draws those from
  // packages, lib/og/assets.ts), and there is no network here to answer.
  const drawable = (/** @type {string} */ value) =>
    value.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f|[^\p{Script=Latin}\p{Script=Common}\p{M}]/gu, '');
  /** @type {(size: number, weight: number, value: string) => import('react').ReactElement} */
  const text = (size, weight, value) =>
    h('div', { style: { display: 'flex', fontSize: size, fontWeight: weight, lineHeight: 1.2 } }, value);
  const page = { display: 'flex', flexDirection: 'column', gap: 48, width: '100%', height: '100%', padding: 96 };
  const style = { ...page, background: '#0b0f17', color: '#f8fafc', fontFamily: 'Inter, "Inter Ext"' };
  const element = h('div', { style }, text(88, 800, drawable(title)), text(48, 400, drawable(description)));
  return Buffer.from(await new ImageResponse(element, { width: 1080, height: 1920, fonts }).arrayBuffer());
}

/** Answers with `body`: JSON, or the bytes of `type`. @param {http.ServerResponse} res @param {number} status @param {unknown} body */
const send = (res, status, body, type = 'application/json') => {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(type === 'application/json' ? JSON.stringify(body) : /** @type {Buffer} */ (body));
};

const server = http.createServer(async (req, res) => {
  const url = new URL(/** @type {string} */ (req.url), 'http://baseline');
  try {
    if (url.pathname === '/feed') return send(res, 200, await feed(url));
    const takeID = url.searchParams.get('takeID') ?? '';
    if (url.pathname === '/og-text' && /^[a-f0-9]{24}$/.test(takeID)) return send(res, 200, await ogText(takeID), 'image/png');
    send(res, 404, { error: 'Not found' });
  } catch (error) {
    console.error(error);
    send(res, 500, { error: 'Something went wrong' });
  }
});

await client.connect();
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`baseline ready ${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`),
);
const stop = () => server.close(() => client.close().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
