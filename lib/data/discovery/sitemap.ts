import 'server-only';
import { dbConnect } from '@/lib/db';
import { listPlayers, listTeams, listTopics } from '@/lib/data/discovery/entities';
import { entityHref } from '@/lib/entities';
import type { SitemapEntry } from '@/lib/sitemap-xml';
import { Take, type TakeRow } from '@/models';

/** Takes per sitemap file; the protocol allows 50,000, smaller files regenerate faster. */
export const TAKES_PER_SITEMAP = 10_000;

export async function takeSitemapCount(): Promise<number> {
  await dbConnect();
  return Math.max(1, Math.ceil((await Take.estimatedDocumentCount()) / TAKES_PER_SITEMAP));
}

export async function takeSitemap(chunk: number): Promise<SitemapEntry[]> {
  await dbConnect();
  const rows = await Take.find({})
    .sort({ _id: 1 })
    .skip(chunk * TAKES_PER_SITEMAP)
    .limit(TAKES_PER_SITEMAP)
    .select({ _id: 1, updatedAt: 1 })
    .lean<Pick<TakeRow, '_id' | 'updatedAt'>[]>();
  return rows.map((r) => ({ path: `/takes/${String(r._id)}`, lastModified: r.updatedAt }));
}

/** Home, trending, receipts, the callers board, policies and every player, team and topic page. */
export async function staticSitemap(): Promise<SitemapEntry[]> {
  const [players, teams, topics] = await Promise.all([listPlayers(), listTeams(), listTopics()]);
  return [
    { path: '/' },
    { path: '/trending' },
    { path: '/receipts' },
    { path: '/callers' },
    { path: '/privacy' },
    { path: '/terms' },
    ...players.map((p) => ({ path: entityHref('player', p.id) })),
    ...teams.map((t) => ({ path: entityHref('team', t.id) })),
    ...topics.map((t) => ({ path: entityHref('special', t.id) })),
  ];
}
