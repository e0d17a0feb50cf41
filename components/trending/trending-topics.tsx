import Link from 'next/link';
import { EntityImage } from '@/components/entity/entity-image';
import { entityHref } from '@/lib/league/entities';
import type { TrendingTopic } from '@/lib/validation/takes';
import styles from './trending-topics.module.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Up to ten topics, ranked 1-10 down two columns of five (docs/product.md#screens). */
export function TrendingTopics({ topics }: { topics: TrendingTopic[] }) {
  if (topics.length === 0) return <p className={styles.empty}>No trending topics for this filter yet.</p>;
  return (
    <ol className={styles.list}>
      {topics.map((topic, index) => (
        <li key={`${topic.entityType}:${topic.topic}`}>
          <Link href={entityHref(topic.entityType, topic.topic)} className={styles.topic} prefetch={false}>
            <span className={styles.rank} aria-hidden="true">
              {index + 1}
            </span>
            <EntityImage type={topic.entityType} id={topic.topic} alt="" size={40} className={styles.image} />
            <span className={styles.name}>{topic.name}</span>
            <span className={styles.stats}>
              <Stat value={topic.likes} label="Likes" />
              <Stat value={topic.comments} label="Comments" />
              <Stat value={topic.shares} label="Shares" />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <span className={styles.stat}>
      <strong>{compact.format(value)}</strong> {label}
    </span>
  );
}
