import type { Metadata } from 'next';
import Link from 'next/link';
import styles from './not-found.module.css';

export const metadata: Metadata = { title: 'Not found', robots: { index: false, follow: true } };

/**
 * A player, team, topic or profile that does not exist (their layouts answer
 * 404 before anything streams). Kept light on purpose: Next renders this
 * boundary into the payload of every page, so what it shows every page pays for.
 * Unlisted addresses get the home feed instead (app/[...unlisted]).
 */
export default function NotFound() {
  return (
    <main className={styles.missing}>
      <h1>Nothing here</h1>
      <p>That player, team, topic or fan is not on Takes.</p>
      <Link href="/" className="button button-primary">
        Back to the feed
      </Link>
    </main>
  );
}
