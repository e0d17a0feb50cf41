import type { ReactNode } from 'react';
import styles from './page-hero.module.css';

/** A list page's opening: its icon in an accent ring, its title and one line on what it shows (Receipts, Callers, the moderation queue). */
export function PageHero({ icon, title, lead }: { icon: ReactNode; title: string; lead: string }) {
  return (
    <header className={styles.hero}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </div>
    </header>
  );
}
