import type { Metadata } from 'next';
import { connection } from 'next/server';
import { AccountSettings } from '@/components/account/account-settings';
import { Logo } from '@/components/ui/logo';
import { listTeams } from '@/lib/data/discovery/entities';
import styles from './page.module.css';

export const metadata: Metadata = { title: 'Account Settings', robots: { index: false } };

export default async function AccountPage() {
  // Rendered per request, never by `next build`: the build must not reach the database (docs/deploy.md), and the teams
  // are the database's, loaded by its first instance.
  await connection();
  // The team list is reference data (cached); a failure leaves the picker with no teams rather than the page broken.
  const teams = await listTeams().catch((error: unknown) => {
    console.error('Account: could not load teams', error);
    return [];
  });
  return (
    <main className={styles.main}>
      <Logo large />
      <AccountSettings teams={teams.map(({ id, name }) => ({ id: Number(id), name }))} />
    </main>
  );
}
