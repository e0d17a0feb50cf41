'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { AuthPromptProvider } from '@/components/modals/auth-prompt';
import { UnreadProvider } from '@/components/shared/unread-context';
import { MarksProvider } from '@/components/shared/marks-context';
import { rememberTimeZone } from '@/components/shared/time-zone';
import { subscribeToToaster, toasterRequested } from '@/lib/client/toast';
import { BottomMenu } from './bottom-menu';
import { CreateTakeProvider, useCreateTake } from '@/components/shared/create-take-context';
import { shellVisibility } from './shell-visibility';
import { TopHeader } from './top-header';
import styles from './app-shell.module.css';

// The dialogs open on a tap: their code (forms, validation, search) loads then, not with every page.
const SearchOverlay = dynamic(() => import('@/components/search/search-overlay').then((m) => m.SearchOverlay));
const CreateTakeModal = dynamic(() => import('@/components/create-take/create-take-modal').then((m) => m.CreateTakeModal));
// The toaster and its library load with the first toast (lib/client/toast.ts).
const ShellToaster = dynamic(() => import('./shell-toaster').then((m) => m.ShellToaster));
const noToasterOnServer = () => false;

/** Create New Take, mounted from its first opening on (it stays for its closing transition). */
function LazyCreateTake() {
  const { isOpen } = useCreateTake();
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened ? <CreateTakeModal /> : null;
}

/** Header, bottom menu, footer, search and toasts around every page, shown per route (docs/product.md#screens). */
export function AppShell({
  initialUnread,
  footer,
  children,
}: {
  initialUnread: number | null;
  /** components/shell/site-footer.tsx, rendered on the server: it has no script of its own. */
  footer: React.ReactNode;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const { user } = useAuth();
  // null until search is first opened; then whether it is open.
  const [searchOpen, setSearchOpen] = useState<boolean | null>(null);
  const show = shellVisibility(pathname);
  const toasts = useSyncExternalStore(subscribeToToaster, toasterRequested, noToasterOnServer);
  // Whatever page a fan lands on, the next one the server renders knows their time zone (the slate's days, tip-offs).
  useEffect(() => void rememberTimeZone(), []);

  return (
    <AuthPromptProvider>
      <UnreadProvider initialUnread={initialUnread}>
        <CreateTakeProvider>
          <a href="#content" className={styles.skip}>
            Skip to content
          </a>
          <div className={show.bottomMenu ? styles.withBottomMenu : undefined}>
            {show.header && (
              <TopHeader
                userId={user?._id ?? null}
                username={user?.username ?? null}
                profilePictureUrl={user?.profilePictureUrl ?? null}
                isModerator={user?.isModerator ?? false}
                searchActive={searchOpen === true}
                onOpenSearch={() => setSearchOpen(true)}
              />
            )}
            <div id="content" className={styles.content} tabIndex={-1}>
              <MarksProvider>{children}</MarksProvider>
            </div>
            {show.footer && footer}
          </div>
          {show.bottomMenu && <BottomMenu pathname={pathname} createDisabled={searchOpen === true} />}
          {searchOpen !== null && <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />}
          <LazyCreateTake />
          {toasts && <ShellToaster />}
        </CreateTakeProvider>
      </UnreadProvider>
    </AuthPromptProvider>
  );
}
