import { Badge, tileStyle } from '@/lib/og/placeholder-art';
import type { EntityArt } from '@/lib/og/art';

/** An entity's picture on a rounded tile, or its drawn badge when there is no picture. */
export function EntityTile({ art, size }: { art: EntityArt; size: number }) {
  if (!art.image) return <Badge text={art.badge.text} background={art.badge.background} accent={art.badge.accent} size={size} />;
  const inner = Math.round(size * 0.88);
  return (
    <div
      style={{
        ...tileStyle(size, art.tile),
        border: `${Math.max(2, Math.round(size * 0.02))}px solid ${art.badge.accent}`,
        overflow: 'hidden',
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- next/og draws plain <img> elements */}
      <img src={art.image} alt="" width={inner} height={inner} />
    </div>
  );
}
