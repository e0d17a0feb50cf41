import { entityImageUrl, type EntityType } from '@/lib/league/entities';
import { optimisedImage } from '@/lib/format/optimised-image';
import styles from './entity-image.module.css';

type EntityImageProps = {
  type: EntityType;
  id: number | string;
  /** Empty when a caption beside the image already names the entity. */
  alt: string;
  size: number;
  /** For the one image at the top of a page: fetched at once and first, not lazily. */
  preload?: boolean;
  className?: string;
};

/**
 * A player, team or topic image in a fixed square, so the layout is reserved before it loads: through the optimiser
 * at 1x and 2x (lib/format/optimised-image.ts, which a take card can draw in the browser without next/image's code). Team art
 * is SVG, which the optimiser refuses, so it is served as is.
 */
export function EntityImage({ type, id, alt, size, preload, className }: EntityImageProps) {
  const url = entityImageUrl(type, id);
  const sources = type === 'team' ? { src: url } : optimisedImage(url, size);
  return (
    <span className={`${styles.frame} ${className ?? ''}`} style={{ width: size, height: size }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- the optimiser's sources, as next/image would write them */}
      <img
        {...sources}
        alt={alt}
        width={size}
        height={size}
        decoding="async"
        loading={preload ? 'eager' : 'lazy'}
        fetchPriority={preload ? 'high' : undefined}
        className={styles.image}
      />
    </span>
  );
}
