import { getImageProps } from 'next/image';
import { entityImageUrl, type EntityType } from '@/lib/entities';
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
 * A player, team or topic image in a fixed square, so the layout is reserved
 * before it loads. The optimiser's sizes come from getImageProps, which needs
 * no client code (the Image component would hydrate every card's picture).
 * Team art is SVG, which the optimiser refuses, so it is served as is.
 */
export function EntityImage({ type, id, alt, size, preload, className }: EntityImageProps) {
  const { props } = getImageProps({
    src: entityImageUrl(type, id),
    alt,
    // A fixed size, so the optimiser offers 1x and 2x only rather than a width for every screen.
    width: size,
    height: size,
    unoptimized: type === 'team',
    loading: preload ? 'eager' : 'lazy',
    fetchPriority: preload ? 'high' : undefined,
    className: styles.image,
  });
  return (
    <span className={`${styles.frame} ${className ?? ''}`} style={{ width: size, height: size }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- the optimised <img> of getImageProps */}
      <img {...props} alt={alt} />
    </span>
  );
}
