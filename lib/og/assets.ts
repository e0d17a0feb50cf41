import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@twemoji/parser';

/**
 * Everything an image render needs comes from the project or its packages:
 * next/og would otherwise fetch emoji (and fonts for unknown scripts) from a
 * CDN during the render, and offline that fails the whole image.
 */
const FONT_DIR = path.join(process.cwd(), 'assets', 'fonts');
const EMOJI_DIR = path.join(process.cwd(), 'node_modules', '@twemoji', 'svg');

type Font = { name: string; data: ArrayBuffer; weight: 400 | 700 | 800; style: 'normal' };

const globalFonts = globalThis as typeof globalThis & { __takesFonts?: Promise<Font[]> };

/** Inter (latin and latin-ext, so Jokić and Şengün render), loaded once per process. */
export const OG_FONT_FAMILY = 'Inter, "Inter Ext"';

export function ogFonts(): Promise<Font[]> {
  globalFonts.__takesFonts ??= Promise.all(
    ([400, 700, 800] as const).flatMap((weight) =>
      ['latin', 'latin-ext'].map(async (subset) => {
        const file = await readFile(path.join(FONT_DIR, `inter-${subset}-${weight}-normal.woff`));
        // Satori falls back across families, not across files of one family, so the
        // extended subset is a family of its own listed second (OG_FONT_FAMILY).
        return {
          name: subset === 'latin' ? 'Inter' : 'Inter Ext',
          data: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
          weight,
          style: 'normal' as const,
        };
      }),
    ),
  );
  return globalFonts.__takesFonts;
}

const emojiCache = new Map<string, string | null>();

async function emojiDataUri(url: string): Promise<string | null> {
  const name = url.split('/').pop() ?? '';
  if (emojiCache.has(name)) return emojiCache.get(name) ?? null;
  const svg = /^[0-9a-f-]+\.svg$/.test(name)
    ? await readFile(/* turbopackIgnore: true */ path.join(EMOJI_DIR, name)).catch(() => null)
    : null;
  const uri = svg ? `data:image/svg+xml;base64,${svg.toString('base64')}` : null;
  emojiCache.set(name, uri);
  return uri;
}

/** Code points the shipped fonts draw: Latin, Latin Extended, punctuation, currency. */
function covered(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint < 0x0300) ||
    (codePoint >= 0x1e00 && codePoint <= 0x1eff) ||
    (codePoint >= 0x2000 && codePoint <= 0x206f) ||
    (codePoint >= 0x20a0 && codePoint <= 0x20c0) ||
    codePoint === 0x2122 ||
    codePoint === 0x2212
  );
}

export type Segment = { text: string } | { emoji: string; src: string };

/**
 * Splits user text into drawable pieces: runs of text the fonts cover and
 * emoji as local SVG images. Anything else (another script, a control
 * character) is dropped rather than sent to a font CDN.
 */
export async function segments(input: string): Promise<Segment[]> {
  const text = input.replace(/\s+/g, ' ');
  const out: Segment[] = [];
  let cursor = 0;
  const pushText = (chunk: string) => {
    const kept = [...chunk].filter((c) => covered(c.codePointAt(0) ?? 0)).join('');
    if (kept) out.push({ text: kept });
  };
  for (const entity of parse(text)) {
    const [start, end] = entity.indices;
    pushText(text.slice(cursor, start));
    const src = await emojiDataUri(entity.url);
    if (src) out.push({ emoji: entity.text, src });
    cursor = end;
  }
  pushText(text.slice(cursor));
  return out;
}
