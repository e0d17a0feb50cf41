import type { CSSProperties } from 'react';
import type { Segment } from '@/lib/og/assets';
import { RingedDisc } from '@/lib/og/ringed-disc';

type Props = { segments: Segment[]; fontSize: number; lines: number; color: string; weight?: 400 | 700 | 800; lineHeight?: number };

/**
 * Text clamped to `lines`. Plain text uses the renderer's own line clamp (with
 * an ellipsis), which needs no clip: a clip makes the rasterizer draw the text
 * on a canvas-sized layer of its own, which cost more than half of a share
 * image's render. Text with emoji is laid out word by word with the emoji as
 * images and clipped at the same height.
 */
export function RichText({ segments, fontSize, lines, color, weight = 400, lineHeight = 1.25 }: Props) {
  const base: CSSProperties = { fontSize, color, fontWeight: weight, lineHeight, maxHeight: fontSize * lineHeight * lines };
  if (segments.every((s) => 'text' in s)) {
    const text = segments.map((s) => ('text' in s ? s.text : '')).join('');
    return <div style={{ ...base, display: 'block', lineClamp: lines }}>{text}</div>;
  }
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
  return <div style={{ ...base, overflow: 'hidden', display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>{pieces}</div>;
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
