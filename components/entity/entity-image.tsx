import Image from 'next/image';
import { entityImageUrl, type EntityType } from '@/lib/entities';
import styles from './entity-image.module.css';

type EntityImageProps = {
  type: EntityType;
  id: number | string;
  /** Empty when a caption beside the image already names the entity. */
  alt: string;
  size: number;
  /** For the one image at the top of a page, so it does not wait for lazy loading. */
  preload?: boolean;
  className?: string;
};

/**
 * A player, team or topic image in a fixed square, so the layout is reserved
 * before it loads. Team art is SVG, which the optimiser refuses, so it is served as is.
 */
export function EntityImage({ type, id, alt, size, preload, className }: EntityImageProps) {
  return (
    <span className={`${styles.frame} ${className ?? ''}`} style={{ width: size, height: size }}>
      <Image
        src={entityImageUrl(type, id)}
        alt={alt}
        fill
        sizes={`${size}px`}
        unoptimized={type === 'team'}
        preload={preload}
        className={styles.image}
      />
    </span>
  );
}
