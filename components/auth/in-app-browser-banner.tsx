'use client';

import { useAuth } from '@/components/shared/auth-provider';
import styles from './auth.module.css';

/** In-app browsers block Google's popup and may lose the session, so the real browser is recommended. */
export function InAppBrowserBanner() {
  const { inAppBrowser } = useAuth();
  if (!inAppBrowser) return null;
  return (
    <div className={styles.banner} role="note">
      <strong>Open Takes in your browser</strong>
      <span>
        You are using an in-app browser, where signing in may not work. Tap the menu (•••) and choose Open in browser for the best
        experience.
      </span>
    </div>
  );
}
