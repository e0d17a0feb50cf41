import type { TakeDTO } from '@/lib/data/mappers';
import { TakeCard } from './take-card';
import styles from './take-card.module.css';

/**
 * A list of take cards, or `emptyText` when there are none. No hooks and no
 * server-only imports, so server pages and client islands can both render it.
 */
export function TakeList({ takes, emptyText }: { takes: TakeDTO[]; emptyText: string }) {
  if (takes.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list} aria-label="Takes">
      {takes.map((take) => (
        <li key={take._id}>
          <TakeCard take={take} />
        </li>
      ))}
    </ul>
  );
}
