import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import { Logo } from '@/components/ui/logo';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { BallIcon } from '@/components/ui/icons/ball';
import { SearchIcon } from '@/components/ui/icons/search';
import { ShieldIcon } from '@/components/ui/icons/shield';
import styles from './top-header.module.css';

type TopHeaderProps = {
  /** The signed-in user's id, or null for visitors (whose profile link goes to sign-up). */
  userId: string | null;
  username: string | null;
  profilePictureUrl: string | null;
  /** Moderators get a link to the queue beside the bell. */
  isModerator: boolean;
  searchActive: boolean;
  onOpenSearch(): void;
};

export function TopHeader({ userId, username, profilePictureUrl, isModerator, searchActive, onOpenSearch }: TopHeaderProps) {
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
          {/* Tonight's games and their threads (docs/product.md#game-day), one tap from every page. */}
          <Link href="/games" className={styles.icon} aria-label="Games">
            <BallIcon size={22} />
          </Link>
          {isModerator && (
            <Link href="/moderation" className={styles.icon} aria-label="Moderation queue">
              <ShieldIcon size={22} />
            </Link>
          )}
          <NotificationBell className={styles.icon} />
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
