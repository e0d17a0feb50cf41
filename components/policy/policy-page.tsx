import Link from 'next/link';
import type { Policy } from '@/lib/site/policies';
import styles from './policy-page.module.css';

export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <main className={styles.main}>
      <Link href="/" className={styles.home}>
        <span aria-hidden="true">←</span> Return home
      </Link>
      <article className={styles.article}>
        <header className={styles.header}>
          <h1 className={styles.title}>{policy.title}</h1>
          <p className={styles.date}>Effective {policy.effectiveDate}</p>
        </header>
        {policy.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`section-${index + 1}`} className={styles.section}>
            <h2 id={`section-${index + 1}`} className={styles.heading}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph, i) => (
              // Static text that never reorders, so its position is a stable key.
              <p key={i}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
      <Link href="/" className={styles.home}>
        <span aria-hidden="true">←</span> Return home
      </Link>
    </main>
  );
}
