import type { CSSProperties, ReactNode } from 'react';

type Props = { size: number; ring: number; ringColor: string; fill: string; style?: CSSProperties; children?: ReactNode };

/**
 * A disc with a ring of another colour around its edge, for next/og renders. Drawn as a disc on a disc rather than
 * with a border: satori draws a rounded border through a clip path, which the rasterizer composites on a layer of its
 * own (about a millisecond of a share image's render for each).
 */
export function RingedDisc({ size, ring, ringColor, fill, style, children }: Props) {
  const round = { display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: '50%' } as const;
  return (
    <div style={{ ...round, width: size, height: size, background: ringColor }}>
      <div style={{ ...round, width: size - 2 * ring, height: size - 2 * ring, background: fill, ...style }}>{children}</div>
    </div>
  );
}
