// @ts-check
// `node scripts/generate-icons.mjs`: draws the site's icons from public/icon.svg (the ball mark) into public/.
// The PNGs and favicon.ico are committed; run this again only when the mark changes.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const BACKGROUND = '#0b0f17';
const mark = readFileSync(path.join(PUBLIC, 'icon.svg'));

/**
 * The ball at `scale` of a `size` square, centred on a transparent or solid background.
 * @param {number} size
 * @param {number} scale
 * @param {string} [background]
 */
async function icon(size, scale, background) {
  const ball = Math.round(size * scale);
  const drawn = await sharp(mark, { density: Math.ceil((72 * ball) / 64) })
    .resize(ball, ball)
    .png()
    .toBuffer();
  /** @type {import('sharp').Create} */
  const base = { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } };
  return sharp({ create: base })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An .ico holding PNG images (every browser since IE 11 reads them).
 * @param {{ size: number; png: Buffer }[]} images
 */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const files = {
  // "any" icons: the ball alone, as the tab shows it.
  'icons/icon-192.png': await icon(192, 0.94),
  'icons/icon-512.png': await icon(512, 0.94),
  // Maskable: full-bleed background with the ball inside the central safe circle (80% of the side).
  'icons/icon-maskable-192.png': await icon(192, 0.62, BACKGROUND),
  'icons/icon-maskable-512.png': await icon(512, 0.62, BACKGROUND),
  // iOS fills transparency with black and rounds the corners itself.
  'apple-touch-icon.png': await icon(180, 0.78, BACKGROUND),
  'favicon.ico': ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await icon(size, 1) })))),
};

mkdirSync(path.join(PUBLIC, 'icons'), { recursive: true });
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(path.join(PUBLIC, name), bytes);
  console.log(`public/${name}  ${bytes.length} bytes`);
}
