import type { MetadataRoute } from 'next';
import { publicEnv } from '@/lib/public-env';

// Rendered per request, not at build time: the sitemap's address is the site's, which the server reads when it starts.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/account', '/sign-in', '/sign-up', '/create-username', '/shareable-post/', '/upload-profile-picture'],
    },
    sitemap: new URL('/sitemap.xml', publicEnv().siteUrl).toString(),
  };
}
