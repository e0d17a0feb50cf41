// GET /sitemap.xml — the sitemap index: pages and entities, then takes split into files.
import { takeSitemapCount } from '@/lib/data/discovery/sitemap';
import { route } from '@/lib/http';
import { indexResponse } from '@/lib/site/sitemap-xml';

export const dynamic = 'force-dynamic';

export const GET = route(async () => {
  const chunks = await takeSitemapCount();
  return indexResponse(['/sitemaps/pages.xml', ...Array.from({ length: chunks }, (_, i) => `/sitemaps/takes-${i}.xml`)]);
});
