'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { CreateTakeModal } from '@/components/create-take/create-take-modal';
import { AuthPromptProvider } from '@/components/modals/auth-prompt';
import { UnreadProvider } from '@/components/notifications/unread-context';
import { SearchOverlay } from '@/components/search/search-overlay';
import { UserActionsProvider } from '@/components/take-card/user-actions-context';
import { BottomMenu } from './bottom-menu';
import { CreateTakeProvider } from './create-take-context';
import { shellVisibility } from './shell-visibility';
import { ShellToaster } from './shell-toaster';
import { SiteFooter } from './site-footer';
import { TopHeader } from './top-header';
import styles from './app-shell.module.css';

/** Header, bottom menu, footer, search and toasts around every page, shown per route (spec §2). */
export function AppShell({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const { user } = useAuth();
  const [searchOpen, setSearchOpen] = useState(false);
  const show = shellVisibility(pathname);

  return (
    <AuthPromptProvider>
      <UnreadProvider>
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
                isAdmin={user?.isAdmin ?? false}
                searchActive={searchOpen}
                onOpenSearch={() => setSearchOpen(true)}
              />
            )}
            <div id="content" className={styles.content} tabIndex={-1}>
              <UserActionsProvider>{children}</UserActionsProvider>
            </div>
            {show.footer && <SiteFooter />}
          </div>
          {show.bottomMenu && <BottomMenu pathname={pathname} createDisabled={searchOpen} />}
          <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />
          <CreateTakeModal />
          <ShellToaster />
        </CreateTakeProvider>
      </UnreadProvider>
    </AuthPromptProvider>
  );
}
