import { publicEnv } from '@/lib/public-env';

/** One `<url>` of a sitemap: a path of this site, and when what it shows last changed. */
export type SitemapEntry = { path: string; lastModified?: Date };

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const absolute = (path: string) => escapeXml(new URL(path, publicEnv().siteUrl).toString());

const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' };

export function urlSetResponse(entries: SitemapEntry[]): Response {
  const urls = entries
    .map((e) => `<url><loc>${absolute(e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : ''}</url>`)
    .join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    { headers: HEADERS },
  );
}

export function indexResponse(paths: string[]): Response {
  const items = paths.map((p) => `<sitemap><loc>${absolute(p)}</loc></sitemap>`).join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</sitemapindex>`,
    { headers: HEADERS },
  );
}
