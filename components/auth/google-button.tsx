'use client';

import { useEffect } from 'react';
import { GoogleIcon } from '@/components/ui/icons/google';
import { firebaseAuth } from '@/lib/client/firebase';
import { useAuth } from '@/components/shared/auth-provider';
import styles from './auth.module.css';

type GoogleButtonProps = { label: string; onClick(): void; disabled?: boolean };

/** Hidden in in-app browsers, where Google refuses to sign in (docs/product.md#screens). */
export function GoogleButton({ label, onClick, disabled }: GoogleButtonProps) {
  const { inAppBrowser } = useAuth();
  // The popup must open inside the click, with no await before it: the SDK is made ready as the button appears.
  useEffect(() => {
    if (!inAppBrowser) firebaseAuth().catch((error: unknown) => console.error('Could not load Firebase Auth', error));
  }, [inAppBrowser]);
  if (inAppBrowser) return null;
  return (
    <>
      <div className={styles.divider} role="presentation">
        <span>or</span>
      </div>
      <button type="button" className={`button ${styles.google}`} onClick={onClick} disabled={disabled}>
        <GoogleIcon />
        {label}
      </button>
    </>
  );
}
