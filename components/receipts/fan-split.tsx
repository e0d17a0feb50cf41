import { EntityImage } from '@/components/entity/entity-image';
import type { FanSplit as FanSplitData } from '@/lib/data/mappers';
import styles from './receipts.module.css';

/**
 * "Celtics fans 18% · everyone 64%": how the take's own team's fans rate it
 * beside everyone. `everyone` comes from the card's live counts, so it moves
 * with the reader's own like.
 */
export function FanSplit({ split, everyone }: { split: FanSplitData; everyone: number }) {
  return (
    <p className={styles.fanSplit}>
      <EntityImage type="team" id={split.team} alt="" size={20} />
      <span>
        <strong>
          {split.teamName} fans {split.fans}%
        </strong>{' '}
        · everyone {everyone}%
      </span>
    </p>
  );
}
