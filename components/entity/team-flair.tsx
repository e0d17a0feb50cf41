import type { Flair } from '@/lib/validation/users';
import { EntityImage } from './entity-image';
import styles from './entity-image.module.css';

/** A fan's team badge beside their name (docs/product.md#game-day); nothing when they have none or turned it off. */
export function TeamFlair({ flair, size = 18 }: { flair: Flair; size?: number }) {
  if (!flair) return null;
  return (
    <span className={styles.flair} title={`${flair.name} fan`}>
      <EntityImage type="team" id={flair.team} alt={`${flair.name} fan`} size={size} />
    </span>
  );
}
