import type { MetadataRoute } from 'next';
import { SITE_COLORS } from '@/lib/site/seo';

/** The web app manifest (/manifest.webmanifest): enough to install the site; there is no service worker. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Takes — NBA hot takes',
    short_name: 'Takes',
    description: 'Post and rate short NBA opinions about players, teams and the biggest storylines.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: SITE_COLORS.background,
    theme_color: SITE_COLORS.background,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
