import 'server-only';
import { dbConnect } from '@/lib/db';
import { listPlayers, listTeams, listTopics } from '@/lib/data/discovery/entities';
import { entityHref } from '@/lib/league/entities';
import type { SitemapEntry } from '@/lib/site/sitemap-xml';
import { EntityStat, type EntityStatRow, Take, type TakeRow } from '@/models';

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

/**
 * The games whose threads hold takes: a game's entity stats are written with its first take (a few hundred a
 * season), on the { entityType, likes } index.
 */
async function gameThreads(): Promise<SitemapEntry[]> {
  await dbConnect();
  const rows = await EntityStat.find({ entityType: 'game' })
    .select({ entityId: 1, takes: 1 })
    .lean<Pick<EntityStatRow, 'entityId' | 'takes'>[]>();
  return rows.filter((row) => row.takes > 0).map((row) => ({ path: entityHref('game', Number(row.entityId)) }));
}

/** Home, trending, receipts, the callers board, the games, policies, every player, team and topic page, and game threads. */
export async function staticSitemap(): Promise<SitemapEntry[]> {
  const [players, teams, topics, games] = await Promise.all([listPlayers(), listTeams(), listTopics(), gameThreads()]);
  return [
    { path: '/' },
    { path: '/trending' },
    { path: '/receipts' },
    { path: '/callers' },
    { path: '/games' },
    { path: '/privacy' },
    { path: '/terms' },
    ...players.map((p) => ({ path: entityHref('player', p.id) })),
    ...teams.map((t) => ({ path: entityHref('team', t.id) })),
    ...topics.map((t) => ({ path: entityHref('special', t.id) })),
    ...games,
  ];
}
