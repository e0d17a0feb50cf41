// GET /sitemaps/pages.xml and /sitemaps/takes-{n}.xml — the files the sitemap index lists.
import { staticSitemap, takeSitemap } from '@/lib/data/discovery/sitemap';
import { notFound } from '@/lib/errors';
import { parseParams, route } from '@/lib/http';
import { urlSetResponse } from '@/lib/site/sitemap-xml';
import { z } from 'zod';

const params = z.object({ name: z.string().regex(/^(pages|takes-\d{1,5})\.xml$/, 'is not a sitemap file') });

export const GET = route(async (_request, context) => {
  const { name } = await parseParams(context, params);
  if (name === 'pages.xml') return urlSetResponse(await staticSitemap());
  const entries = await takeSitemap(Number(/\d+/.exec(name)![0]));
  if (entries.length === 0 && name !== 'takes-0.xml') throw notFound('No such sitemap file.');
  return urlSetResponse(entries);
});
