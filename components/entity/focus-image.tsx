import { pictureOf, type FocusType } from '@/lib/league/entities';
import type { Matchup } from '@/lib/validation/takes';
import { EntityImage } from './entity-image';
import styles from './entity-image.module.css';

type FocusImageProps = {
  focus: { type: FocusType; id: number | string; name: string };
  /** A take on a game: its teams, drawn as the matchup. */
  matchup: Matchup | null;
  alt: string;
  size: number;
  preload?: boolean;
};

/**
 * A take's focus in a fixed square: the entity's picture, or for a game its two teams' badges, away above and home
 * in front (a game has no picture of its own).
 */
export function FocusImage({ focus, matchup, alt, size, preload }: FocusImageProps) {
  if (focus.type === 'game' && matchup) {
    const team = Math.round(size * 0.66);
    return (
      <span className={styles.matchup} style={{ width: size, height: size }} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <EntityImage type="team" id={matchup.away} alt="" size={team} preload={preload} className={styles.away} />
        <EntityImage type="team" id={matchup.home} alt="" size={team} preload={preload} className={styles.home} />
      </span>
    );
  }
  const picture = pictureOf(focus, matchup);
  return <EntityImage type={picture.type} id={picture.id} alt={alt} size={size} preload={preload} />;
}
