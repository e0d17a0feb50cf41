import 'server-only';
import mongoose from 'mongoose';
import { DIVISIVE_TEAMS, DIVISIVE_WINDOW_MS, FAN_SPLIT_MIN_FANS, TRENDING_TAKES, TRENDING_TOPICS, type TimeRange } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/directory';
import { listPlayers, listTeams } from '@/lib/data/entities';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/list-cache';
import { cachedTakes, since } from '@/lib/data/takes';
import { likePercentage, topicScore } from '@/lib/ranking';
import type { DivisiveTeam, TakeDTO, TrendingTopic } from '@/lib/validation/takes';
import { EntityStat, type EntityStatRow, Take, type TakeRow } from '@/models';

/** Most liked or most commented takes created inside the window. */
export async function trendingTakes(timeRange: TimeRange, sort: 'likes' | 'comments'): Promise<TakeDTO[]> {
  await dbConnect();
  const from = since(timeRange);
  const field = sort === 'likes' ? 'likes' : 'commentsCount';
  const { takes } = await cachedTakes('trending', [timeRange, sort], [LIST_TAGS.trending], LIST_TTL.hot, () =>
    Take.find(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {})
      .sort({ [field]: -1, createdAt: -1 })
      .limit(TRENDING_TAKES)
      .lean<TakeRow[]>(),
  );
  return takes;
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
      (Pick<EntityStatRow, 'likes' | 'comments' | 'shares'> & { entityType: 'player' | 'team'; entityId: number })[]
    >();
    return stats.map((s) => ({ entityType: s.entityType, id: s.entityId, likes: s.likes, comments: s.comments, shares: s.shares }));
  }
  const takes = await Take.find({ createdAt: mongoose.trusted({ $gte: from }), entityType: mongoose.trusted({ $in: types }) })
    .select({ entityType: 1, playerID: 1, team: 1, likes: 1, commentsCount: 1, shares: 1 })
    .lean<(Pick<TakeRow, 'playerID' | 'team' | 'likes' | 'commentsCount' | 'shares'> & { entityType: 'player' | 'team' })[]>();
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
    cachedList('topics', [timeRange, types], [LIST_TAGS.takes, LIST_TAGS.trending], LIST_TTL.hot, () => tallies(timeRange, types)),
    types.includes('player') ? listPlayers() : [],
    types.includes('team') ? listTeams() : [],
  ]);
  const names = new Map([
    ...players.map((p) => [`player:${p.id}`, p.name] as const),
    ...teams.map((t) => [`team:${t.id}`, t.name] as const),
  ]);
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

/**
 * Trending's divisive view: teams ranked by how far their own fans' like share
 * on takes about the team (and its players) is from everyone's, over the takes
 * of the past week. A team needs FAN_SPLIT_MIN_FANS fan reactions to be ranked,
 * as a take needs them to show its split. Reads only the week's takes about a
 * team, through the data cache like the rest of trending.
 */
export async function divisiveTeams(): Promise<DivisiveTeam[]> {
  type Split = Pick<TakeRow, 'fanTeam' | 'likes' | 'dislikes' | 'fanLikes' | 'fanDislikes'>;
  type Row = Split & { fanTeam: number };
  const [takes, dir] = await Promise.all([
    cachedList('divisive', [], [LIST_TAGS.takes, LIST_TAGS.trending], LIST_TTL.hot, async () => {
      await dbConnect();
      // The week's takes on the createdAt index; the ones about no team are dropped here rather than by a filter no index serves.
      const week = await Take.find({ createdAt: mongoose.trusted({ $gte: new Date(Date.now() - DIVISIVE_WINDOW_MS) }) })
        .select({ fanTeam: 1, likes: 1, dislikes: 1, fanLikes: 1, fanDislikes: 1 })
        .lean<Split[]>();
      return week.filter((t): t is Row => t.fanTeam != null);
    }),
    directory(),
  ]);
  const byTeam = new Map<number, { likes: number; dislikes: number; fanLikes: number; fanDislikes: number }>();
  for (const t of takes) {
    const sum = byTeam.get(t.fanTeam) ?? { likes: 0, dislikes: 0, fanLikes: 0, fanDislikes: 0 };
    sum.likes += t.likes;
    sum.dislikes += t.dislikes;
    sum.fanLikes += t.fanLikes ?? 0;
    sum.fanDislikes += t.fanDislikes ?? 0;
    byTeam.set(t.fanTeam, sum);
  }
  const share = (likes: number, dislikes: number) => likes / (likes + dislikes);
  return [...byTeam.entries()]
    .filter(([, sum]) => sum.fanLikes + sum.fanDislikes >= FAN_SPLIT_MIN_FANS)
    .map(([team, sum]) => ({
      gap: Math.abs(share(sum.fanLikes, sum.fanDislikes) - share(sum.likes, sum.dislikes)),
      row: {
        team,
        name: dir.byKey.get(`team:${team}`)?.name ?? 'Unknown Team',
        teamName: dir.teamNicknames.get(team) ?? 'Unknown Team',
        fans: likePercentage(sum.fanLikes, sum.fanDislikes) ?? 0,
        everyone: likePercentage(sum.likes, sum.dislikes) ?? 0,
        fanReactions: sum.fanLikes + sum.fanDislikes,
      },
    }))
    .sort((a, b) => b.gap - a.gap || a.row.name.localeCompare(b.row.name))
    .slice(0, DIVISIVE_TEAMS)
    .map(({ row }) => row);
}
