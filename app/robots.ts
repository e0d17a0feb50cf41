import type { MetadataRoute } from 'next';
import { publicEnv } from '@/lib/public-env';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/account', '/sign-in', '/sign-up', '/create-username', '/shareable-post/', '/upload-profile-picture'],
    },
    sitemap: new URL('/sitemap.xml', publicEnv.siteUrl).toString(),
  };
}
