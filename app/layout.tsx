import type { Metadata, Viewport } from 'next';
import { AuthProvider } from '@/components/auth/auth-provider';
import { AppShell } from '@/components/shell/app-shell';
import { publicEnv } from '@/lib/public-env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(publicEnv.siteUrl),
  title: { default: 'Takes — NBA hot takes', template: '%s · Takes' },
  description: 'Post and rate short NBA opinions about players, teams and the biggest storylines.',
  applicationName: 'Takes',
};

export const viewport: Viewport = { themeColor: '#0b0f17', width: 'device-width', initialScale: 1, viewportFit: 'cover' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <AuthProvider>
          <AppShell>{children}</AppShell>
        </AuthProvider>
      </body>
    </html>
  );
}
