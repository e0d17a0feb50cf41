import Link from 'next/link';
import { CONTACT_EMAIL } from '@/lib/site/policies';
import styles from './site-footer.module.css';

/**
 * The copyright line, which opens the legal links (docs/product.md#screens). A disclosure the browser draws and
 * opens itself (`<details>`), rendered on the server: every page renders per request, so the year is this year's,
 * and the footer adds no script to any page.
 */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <details className={styles.disclosure}>
        <summary className={styles.toggle}>© {new Date().getFullYear()} Takes. All rights reserved.</summary>
        <nav className={styles.links} aria-label="Legal">
          <Link href="/privacy">Privacy Policy</Link>
          <Link href="/terms">Terms of Service</Link>
          <a href={`mailto:${CONTACT_EMAIL}`}>Contact Us</a>
        </nav>
      </details>
    </footer>
  );
}
