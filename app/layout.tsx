import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { AuthProvider } from '@/components/shared/auth-provider';
import { AppShell } from '@/components/shell/app-shell';
import { SiteFooter } from '@/components/shell/site-footer';
import { SITE_COLORS } from '@/lib/site/seo';
import { PUBLIC_ENV_ELEMENT_ID, publicEnv } from '@/lib/public-env';
import { getViewer, viewerUnread } from '@/app/_lib/viewer';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(publicEnv().siteUrl),
  title: { default: 'Takes — NBA hot takes', template: '%s · Takes' },
  description: 'Post and rate short NBA opinions about players, teams and the biggest storylines.',
  applicationName: 'Takes',
  // The files are in public/ (drawn by scripts/generate-icons.mjs); the manifest link comes from app/manifest.ts.
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: [{ url: '/apple-touch-icon.png', sizes: '180x180' }],
  },
};

export const viewport: Viewport = { themeColor: SITE_COLORS.background, width: 'device-width', initialScale: 1, viewportFit: 'cover' };

// Every page renders per request: the CSP nonce (middleware.ts) must reach Next's script tags, and the
// session cookie names the reader, whose header (name, picture, unread count) is part of the first paint.
// The browser's configuration comes first in the body, as data the server read from its environment when it started
// (lib/public-env.ts), ahead of every component that reads it while hydrating; `<` is escaped so no value can close
// the element. A data block runs nothing, but it carries the page's nonce as every script of a page does.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const [viewer, unread, requestHeaders] = await Promise.all([getViewer(), viewerUnread(), headers()]);
  return (
    <html lang="en">
      <body>
        <script
          nonce={requestHeaders.get('x-nonce') ?? undefined}
          id={PUBLIC_ENV_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(publicEnv()).replaceAll('<', '\\u003c') }}
        />
        <AuthProvider initialViewer={viewer}>
          <AppShell initialUnread={unread} footer={<SiteFooter />}>
            {children}
          </AppShell>
        </AuthProvider>
      </body>
    </html>
  );
}
