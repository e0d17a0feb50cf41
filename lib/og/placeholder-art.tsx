import { RingedDisc } from '@/lib/og/ringed-disc';

/**
 * Generated entity art (no logos or photos): team abbreviation on team colours,
 * player initials, topic monogram. Served under the storage layout of docs/product.md#content.
 */
export const FALLBACK = { background: '#1f2937', accent: '#f97316' };

export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (
    letters
      .map((w) => [...(w ?? '')][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square SVG badge: text on a colour, with a ring in the second colour. */
export function badgeSvg(text: string, background: string, accent: string): string {
  const size = text.length > 3 ? 64 : 84;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(text)}">
<rect width="256" height="256" rx="48" fill="${background}"/>
<circle cx="128" cy="128" r="104" fill="none" stroke="${accent}" stroke-width="10"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text>
</svg>`;
}

/** The rounded square a badge or an entity's picture is drawn on in next/og renders. */
export const tileStyle = (size: number, background: string) =>
  ({
    width: size,
    height: size,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background,
    borderRadius: size * 0.19,
  }) as const;

/** The same badge as JSX for next/og renders (PNG). */
export function Badge({ text, background, accent, size }: { text: string; background: string; accent: string; size: number }) {
  return (
    <div style={tileStyle(size, background)}>
      <RingedDisc
        size={size * 0.81}
        ring={Math.round(size * 0.04)}
        ringColor={accent}
        fill={background}
        style={{ color: '#ffffff', fontSize: size * (text.length > 3 ? 0.25 : 0.33), fontWeight: 700 }}
      >
        {text}
      </RingedDisc>
    </div>
  );
}
