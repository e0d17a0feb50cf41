import Link from 'next/link';
import styles from './segmented-links.module.css';

export type Segment = { id: string; label: string; href: string };

/**
 * The views of one list side by side, the current one pressed (the Callers boards, a profile's lists). Each is a
 * link to its own URL, so a view can be shared and works without JavaScript; a tap keeps the scroll where it is.
 */
export function SegmentedLinks({ label, segments, current }: { label: string; segments: Segment[]; current: string }) {
  return (
    <nav className={styles.segments} aria-label={label}>
      {segments.map((segment) => (
        <Link
          key={segment.id}
          href={segment.href}
          className={styles.segment}
          aria-current={segment.id === current ? 'page' : undefined}
          scroll={false}
        >
          {segment.label}
        </Link>
      ))}
    </nav>
  );
}
