import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import { Logo } from '@/components/ui/logo';
import { FlameIcon, SearchIcon } from '@/components/ui/icons';
import styles from './top-header.module.css';

type TopHeaderProps = {
  /** The signed-in user's id, or null for visitors (whose profile link goes to sign-up). */
  userId: string | null;
  username: string | null;
  profilePictureUrl: string | null;
  searchActive: boolean;
  onOpenSearch(): void;
};

export function TopHeader({ userId, username, profilePictureUrl, searchActive, onOpenSearch }: TopHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.icon}
            onClick={onOpenSearch}
            aria-label="Search"
            aria-haspopup="dialog"
            aria-expanded={searchActive}
          >
            <SearchIcon size={22} />
          </button>
          <Link href="/trending" className={styles.icon} aria-label="Trending">
            <FlameIcon size={22} />
          </Link>
          <Link
            href={userId ? `/profile/${userId}` : '/sign-up'}
            className={`${styles.icon} ${styles.profile}`}
            aria-label={userId ? `Your profile${username ? ` (${username})` : ''}` : 'Sign up'}
          >
            <Avatar url={userId ? profilePictureUrl : null} size={32} />
          </Link>
        </div>
      </div>
    </header>
  );
}
