import Link from 'next/link';
import { CompassIcon } from '@/components/ui/icons/compass';
import { FeedIcon } from '@/components/ui/icons/feed';
import { FlameIcon } from '@/components/ui/icons/flame';
import { CreateButton } from './create-button';
import { activeNavItem, type NavItem } from './shell-visibility';
import styles from './bottom-menu.module.css';

const ITEMS: { id: NavItem; href: string; label: string; Icon: typeof FeedIcon }[] = [
  { id: 'feed', href: '/feed', label: 'Feed', Icon: FeedIcon },
  { id: 'trending', href: '/trending', label: 'Trending', Icon: FlameIcon },
  { id: 'explore', href: '/explore', label: 'Explore', Icon: CompassIcon },
];

type BottomMenuProps = { pathname: string; createDisabled: boolean };

export function BottomMenu({ pathname, createDisabled }: BottomMenuProps) {
  const active = activeNavItem(pathname);
  return (
    <nav className={styles.menu} aria-label="Main">
      <ul className={styles.list}>
        {ITEMS.map(({ id, href, label, Icon }) => (
          <li key={id}>
            <Link href={href} className={styles.item} aria-current={active === id ? 'page' : undefined}>
              <Icon size={22} />
              <span>{label}</span>
            </Link>
          </li>
        ))}
        <li>
          <CreateButton disabled={createDisabled} />
        </li>
      </ul>
    </nav>
  );
}
