'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { CONTACT_EMAIL } from '@/lib/policies';
import styles from './site-footer.module.css';

export function SiteFooter() {
  const [open, setOpen] = useState(false);
  const linksId = useId();
  return (
    <footer className={styles.footer}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={linksId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* A page rendered at build time may carry last year's number; the browser's is the one that counts. */}
        <span suppressHydrationWarning>© {new Date().getFullYear()} Takes. All rights reserved.</span>
      </button>
      <nav id={linksId} className={styles.links} aria-label="Legal" hidden={!open}>
        <Link href="/privacy">Privacy Policy</Link>
        <Link href="/terms">Terms of Service</Link>
        <a href={`mailto:${CONTACT_EMAIL}`}>Contact Us</a>
      </nav>
    </footer>
  );
}
