import type { Metadata } from 'next';
import Link from 'next/link';
import { BallIcon } from '@/components/ui/icons/ball';
import { CompassIcon } from '@/components/ui/icons/compass';
import { ReceiptIcon } from '@/components/ui/icons/receipt';
import { TrophyIcon } from '@/components/ui/icons/trophy';
import styles from './page.module.css';

export const metadata: Metadata = { title: 'Explore' };

export default function ExplorePage() {
  return (
    <main className={styles.main}>
      <div className={styles.glow} aria-hidden="true">
        <CompassIcon size={56} strokeWidth={1.6} />
      </div>
      <p className={styles.eyebrow}>Explore</p>
      <h1 className={styles.title}>Coming Soon</h1>
      <p className={styles.lead}>A new way to discover players, teams and the fans with the boldest takes is on its way.</p>

      <Link href="/games" className={styles.feature}>
        <span className={styles.featureIcon} aria-hidden="true">
          <BallIcon size={26} />
        </span>
        <span className={styles.featureText}>
          <span className={styles.featureBadge}>New</span>
          <strong className={styles.featureTitle}>Games</strong>
          <span className={styles.featureLead}>Tonight&apos;s slate in your time zone, and a thread of takes for every game.</span>
        </span>
      </Link>

      <Link href="/receipts" className={styles.feature}>
        <span className={styles.featureIcon} aria-hidden="true">
          <ReceiptIcon size={26} />
        </span>
        <span className={styles.featureText}>
          <span className={styles.featureBadge}>New</span>
          <strong className={styles.featureTitle}>Receipts</strong>
          <span className={styles.featureLead}>Takes that came due. Vote on whether they aged well, and see who called it.</span>
        </span>
      </Link>

      <Link href="/callers" className={styles.feature}>
        <span className={styles.featureIcon} aria-hidden="true">
          <TrophyIcon size={26} />
        </span>
        <span className={styles.featureText}>
          <span className={styles.featureBadge}>New</span>
          <strong className={styles.featureTitle}>Callers</strong>
          <span className={styles.featureLead}>The fans whose takes aged well, ranked against the crowd, this season and all time.</span>
        </span>
      </Link>

      <div className={styles.actions}>
        <Link href="/trending" className="button button-primary">
          See what&apos;s trending
        </Link>
        <Link href="/" className="button button-secondary">
          Back to the feed
        </Link>
      </div>
    </main>
  );
}
