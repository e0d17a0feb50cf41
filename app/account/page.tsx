import type { Metadata } from 'next';
import { AccountSettings } from '@/components/account/account-settings';
import { Logo } from '@/components/ui/logo';
import styles from './page.module.css';

export const metadata: Metadata = { title: 'Account Settings', robots: { index: false } };

export default function AccountPage() {
  return (
    <main className={styles.main}>
      <Logo large />
      <AccountSettings />
    </main>
  );
}
