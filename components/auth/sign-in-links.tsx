import Link from 'next/link';
import styles from './sign-in-links.module.css';

/** Sign Up and Sign in, side by side: what a page that needs an account offers a visitor. */
export function SignInLinks() {
  return (
    <div className={styles.actions}>
      <Link href="/sign-up" className="button button-primary">
        Sign Up
      </Link>
      <Link href="/sign-in" className="button button-secondary">
        Sign in
      </Link>
    </div>
  );
}
