import 'server-only';
import mongoose from 'mongoose';
import { TRENDING_TAKES, TRENDING_TOPICS, type TimeRange } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { listPlayers, listTeams } from '@/lib/data/entities';
import type { LeanTake } from '@/lib/data/mappers';
import { since, withAuthors, type TakeDTO } from '@/lib/data/takes';
import { topicScore } from '@/lib/ranking';
import { EntityStat, Take } from '@/models';

export type TrendingTopic = {
  topic: number;
  entityType: 'player' | 'team';
  name: string;
  likes: number;
  comments: number;
  shares: number;
  score: number;
};

/** Most liked or most commented takes created inside the window. */
export async function trendingTakes(timeRange: TimeRange, sort: 'likes' | 'comments'): Promise<TakeDTO[]> {
  await dbConnect();
  const from = since(timeRange);
  const field = sort === 'likes' ? 'likes' : 'commentsCount';
  const takes = await Take.find(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {})
    .sort({ [field]: -1, createdAt: -1 })
    .limit(TRENDING_TAKES)
    .lean<LeanTake[]>();
  return withAuthors(takes);
}

type Tally = { entityType: 'player' | 'team'; id: number; likes: number; comments: number; shares: number };

/**
 * Engagement per player or team. A window reads only the takes created inside
 * it (bounded by time, not by history); all time reads the per-entity counters
 * kept beside each reaction, so neither grows with every take ever posted.
 */
async function tallies(timeRange: TimeRange, types: ('player' | 'team')[]): Promise<Tally[]> {
  const from = since(timeRange);
  if (!from) {
    const stats = await EntityStat.find({ entityType: mongoose.trusted({ $in: types }) }).lean<
      { entityType: 'player' | 'team'; entityId: number; likes: number; comments: number; shares: number }[]
    >();
    return stats.map((s) => ({ entityType: s.entityType, id: s.entityId, likes: s.likes, comments: s.comments, shares: s.shares }));
  }
  const takes = await Take.find({ createdAt: mongoose.trusted({ $gte: from }), entityType: mongoose.trusted({ $in: types }) })
    .select({ entityType: 1, playerID: 1, team: 1, likes: 1, commentsCount: 1, shares: 1 })
    .lean<{ entityType: 'player' | 'team'; playerID: number | null; team: number | null; likes: number; commentsCount: number; shares: number }[]>();
  const byEntity = new Map<string, Tally>();
  for (const t of takes) {
    const id = (t.entityType === 'player' ? t.playerID : t.team) ?? 0;
    const key = `${t.entityType}:${id}`;
    const tally = byEntity.get(key) ?? { entityType: t.entityType, id, likes: 0, comments: 0, shares: 0 };
    tally.likes += t.likes;
    tally.comments += t.commentsCount;
    tally.shares += t.shares;
    byEntity.set(key, tally);
  }
  return [...byEntity.values()];
}

/** Top topics by score; without a type, players and teams merged (spec §7). */
export async function trendingTopics(type: 'players' | 'teams' | undefined, timeRange: TimeRange): Promise<TrendingTopic[]> {
  await dbConnect();
  const types: ('player' | 'team')[] = type === 'players' ? ['player'] : type === 'teams' ? ['team'] : ['player', 'team'];
  const [rows, players, teams] = await Promise.all([
    tallies(timeRange, types),
    types.includes('player') ? listPlayers() : [],
    types.includes('team') ? listTeams() : [],
  ]);
  const names = new Map([...players.map((p) => [`player:${p.id}`, p.name] as const), ...teams.map((t) => [`team:${t.id}`, t.name] as const)]);
  return rows
    .map((r) => ({
      topic: r.id,
      entityType: r.entityType,
      name: names.get(`${r.entityType}:${r.id}`) ?? (r.entityType === 'player' ? 'Unknown Player' : 'Unknown Team'),
      likes: r.likes,
      comments: r.comments,
      shares: r.shares,
      score: topicScore(r),
    }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, TRENDING_TOPICS);
}
