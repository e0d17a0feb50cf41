import type { CSSProperties } from 'react';
import sharp from 'sharp';
import { OG_FONT_FAMILY, type Segment } from '@/lib/og/assets';
import { drawPng, pngDataUrl, Predrawn, type Box } from '@/lib/og/predrawn';
import { RingedDisc } from '@/lib/og/ringed-disc';

export type TextStyle = { fontSize: number; lines: number; color: string; weight?: 400 | 700 | 800; lineHeight?: number };

type Props = TextStyle & { segments: Segment[]; drawn?: DrawnText | null };

/** Text with emoji drawn ahead on a canvas of its own (drawRichText), and the box it fills. */
export type DrawnText = { src: string; box: Box };

const hasEmoji = (segments: Segment[]) => segments.some((s) => !('text' in s));

/**
 * Text clamped to `lines`. Plain text uses the renderer's own line clamp (with
 * an ellipsis), which needs no clip: a clip makes the rasterizer draw the text
 * on a canvas-sized layer of its own, which cost more than half of a share
 * image's render. Text with emoji is laid out word by word with the emoji as
 * images; placed `drawn` ahead (drawRichText) when given, else clipped at the
 * height of its lines, which Satori does word by word: a layer for each.
 */
export function RichText({ segments, drawn, ...style }: Props) {
  const { fontSize, color, weight = 400, lineHeight = 1.25, lines } = style;
  const base: CSSProperties = { fontSize, color, fontWeight: weight, lineHeight, maxHeight: fontSize * lineHeight * lines };
  if (!hasEmoji(segments)) {
    const text = segments.map((s) => ('text' in s ? s.text : '')).join('');
    return <div style={{ ...base, display: 'block', lineClamp: lines }}>{text}</div>;
  }
  if (drawn) return <Predrawn src={drawn.src} box={drawn.box} />;
  return <EmojiText segments={segments} style={{ ...base, overflow: 'hidden' }} fontSize={fontSize} />;
}

function EmojiText({ segments, style, fontSize }: { segments: Segment[]; style: CSSProperties; fontSize: number }) {
  const pieces = segments.flatMap((s, i) =>
    'text' in s
      ? s.text
          .split(/(\s+)/)
          .filter(Boolean)
          .map((word, j) => (
            <span key={`${i}-${j}`} style={{ whiteSpace: 'pre' }}>
              {word}
            </span>
          ))
      : [
          // eslint-disable-next-line @next/next/no-img-element -- next/og draws plain <img> elements
          <img key={i} src={s.src} alt={s.emoji} width={fontSize} height={fontSize} style={{ margin: `0 ${fontSize * 0.08}px` }} />,
        ],
  );
  return <div style={{ ...style, display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>{pieces}</div>;
}

/**
 * Text with emoji drawn alone on a canvas exactly its box's size (`width` by its lines), for RichText to place as
 * one picture: the canvas's edge cuts whatever runs past the last line, so nothing needs a clip. Laid out in the
 * image itself, every word and emoji was clipped on a layer the size of the whole image: a share image with two
 * emoji in its title took about 550 ms to draw instead of 60. A text that takes fewer lines is cut to those, so
 * the box under it sits where it would under text laid out live. Null for plain text, which the image lays out.
 */
export async function drawRichText(segments: Segment[], width: number, style: TextStyle): Promise<DrawnText | null> {
  if (!hasEmoji(segments)) return null;
  const { fontSize, color, weight = 400, lineHeight = 1.25, lines } = style;
  const line = fontSize * lineHeight;
  const text = { fontSize, color, fontWeight: weight, lineHeight, width: '100%', height: '100%', fontFamily: OG_FONT_FAMILY };
  const png = await drawPng({ width, height: Math.ceil(line * lines) }, <EmojiText segments={segments} style={text} fontSize={fontSize} />);
  const used = Math.min(lines, await linesUsed(png, line));
  const height = Math.ceil(line * used);
  const fitted = used < lines ? await sharp(png).extract({ left: 0, top: 0, width, height }).png().toBuffer() : png;
  return { src: pngDataUrl(fitted), box: { width, height } };
}

/** How many lines of `line` pixels hold ink, a descender reaching a little into the next line not counting it. */
async function linesUsed(png: Buffer, line: number): Promise<number> {
  const { data, info } = await sharp(png).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true });
  let last = info.height - 1;
  while (last > 0 && !data.subarray(last * info.width, (last + 1) * info.width).some((alpha) => alpha > 0)) last -= 1;
  return Math.max(1, Math.ceil((last + 1 - line * 0.15) / line));
}

/** The product's mark: an orange ball and the wordmark. */
export function Logo({ size }: { size: number }) {
  const ring = Math.max(2, size * 0.06);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: size * 0.35 }}>
      <RingedDisc size={size} ring={ring} ringColor="#111111" fill="#ff7a1a" style={{ alignItems: 'stretch' }}>
        <div style={{ width: size * 0.06, background: '#111111' }} />
      </RingedDisc>
      <div style={{ fontSize: size * 0.9, fontWeight: 800, color: '#ffffff', letterSpacing: -1 }}>Takes</div>
    </div>
  );
}
