import { Logo } from '@/components/ui/logo';
import styles from './auth.module.css';

type AuthCardProps = { title: string; subtitle?: string; children: React.ReactNode };

/** The frame of the sign-in, sign-up and username screens, which have no site header. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <main className={styles.screen}>
      <Logo large />
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
