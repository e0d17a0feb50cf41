import 'server-only';
import mongoose from 'mongoose';
import { DIVISIVE_TEAMS, DIVISIVE_WINDOW_MS, FAN_SPLIT_MIN_FANS, TRENDING_TAKES } from '@/lib/discovery/constants';
import { TRENDING_TOPICS, type TimeRange } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import { listPlayers, listTeams } from '@/lib/data/discovery/entities';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { cachedTakes, since } from '@/lib/data/takes/takes';
import { likePercentage, topicScore } from '@/lib/discovery/ranking';
import type { DivisiveTeam, TakeDTO, TrendingTopic } from '@/lib/validation/takes';
import { EntityStat, type EntityStatRow, Take, type TakeRow } from '@/models';

/** Most liked or most commented takes created inside the window; more than the screen shows when a reader's filters leave some out. */
export async function trendingTakes(timeRange: TimeRange, sort: 'likes' | 'comments', limit = TRENDING_TAKES): Promise<TakeDTO[]> {
  await dbConnect();
  const from = since(timeRange);
  const field = sort === 'likes' ? 'likes' : 'commentsCount';
  // The screen's own list keeps its key, so its cache entry is the one every reader shares.
  const key = limit === TRENDING_TAKES ? [timeRange, sort] : [timeRange, sort, limit];
  const { takes } = await cachedTakes('trending', key, [LIST_TAGS.trending], LIST_TTL.hot, () =>
    Take.find(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {})
      .sort({ [field]: -1, createdAt: -1 })
      .limit(limit)
      .lean<TakeRow[]>(),
  );
  return takes;
}

type Tally = { entityType: 'player' | 'team'; id: number; likes: number; comments: number; shares: number };
type StatRow = Pick<EntityStatRow, 'likes' | 'comments' | 'shares' | 'score'> & { entityType: 'player' | 'team'; entityId: number };

/**
 * All time: the entities with the highest stored score (kept with their
 * counts, models/entity-stat.ts), on the { entityType, score } index. One more
 * than the screen shows tells whether the last one shown ties with any below
 * it; only then are the rest of that tie read, since names break ties.
 */
async function allTimeTop(types: ('player' | 'team')[]): Promise<StatRow[]> {
  const ofTypes = { entityType: mongoose.trusted({ $in: types }) };
  const top = await EntityStat.find({ ...ofTypes, score: mongoose.trusted({ $gt: 0 }) })
    .sort({ score: -1 })
    .limit(TRENDING_TOPICS + 1)
    .lean<StatRow[]>();
  const last = top[TRENDING_TOPICS - 1];
  if (!last || top[TRENDING_TOPICS]?.score !== last.score) return top.slice(0, TRENDING_TOPICS);
  const tied = await EntityStat.find({ ...ofTypes, score: last.score }).lean<StatRow[]>();
  return [...top.filter((row) => row.score > last.score), ...tied];
}

/**
 * Engagement per player or team. A window's takes are summed by the database
 * (the time range on an index), which answers one row per entity that has
 * takes there: at most the players and teams, however many takes the window
 * holds. All time reads the top of the per-entity counters kept beside each
 * reaction.
 */
async function tallies(timeRange: TimeRange, types: ('player' | 'team')[]): Promise<Tally[]> {
  const from = since(timeRange);
  if (!from) {
    const stats = await allTimeTop(types);
    return stats.map((s) => ({ entityType: s.entityType, id: s.entityId, likes: s.likes, comments: s.comments, shares: s.shares }));
  }
  // A take on a game counts for both its teams, and one on a player for his team when it was posted (its entityKeys),
  // as the all-time stats count them; a key of a type not asked for is left out.
  const kinds = types.includes('team') ? ['player', 'team', 'game'] : types;
  const sums = await Take.aggregate<{ _id: string; likes: number; comments: number; shares: number }>([
    { $match: { entityType: { $in: kinds }, createdAt: { $gte: from } } },
    { $unwind: '$entityKeys' },
    { $group: { _id: '$entityKeys', likes: { $sum: '$likes' }, comments: { $sum: '$commentsCount' }, shares: { $sum: '$shares' } } },
  ]);
  return sums.flatMap(({ _id, likes, comments, shares }) => {
    const [entityType, id] = _id.split(':') as [string, string];
    const asked = (entityType === 'player' || entityType === 'team') && types.includes(entityType);
    return asked ? [{ entityType, id: Number(id), likes, comments, shares }] : [];
  });
}

/** Top topics by score; without a type, players and teams merged (docs/product.md#api). */
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
 * as a take needs them to show its split. The database sums the week's takes
 * per team and answers one row a team, through the data cache like the rest
 * of trending.
 */
export async function divisiveTeams(): Promise<DivisiveTeam[]> {
  type Sums = { _id: number; likes: number; dislikes: number; fanLikes: number; fanDislikes: number };
  const [sums, dir] = await Promise.all([
    cachedList('divisive', [], [LIST_TAGS.takes, LIST_TAGS.trending], LIST_TTL.hot, async () => {
      await dbConnect();
      // The week's takes on the createdAt index, summed per fan team by the database: one row a team comes back.
      const rows = await Take.aggregate<Sums | (Omit<Sums, '_id'> & { _id: null })>([
        { $match: { createdAt: { $gte: new Date(Date.now() - DIVISIVE_WINDOW_MS) } } },
        {
          $group: {
            _id: '$fanTeam',
            likes: { $sum: '$likes' },
            dislikes: { $sum: '$dislikes' },
            fanLikes: { $sum: '$fanLikes' },
            fanDislikes: { $sum: '$fanDislikes' },
          },
        },
      ]);
      return rows.filter((row): row is Sums => row._id != null);
    }),
    directory(),
  ]);
  const share = (likes: number, dislikes: number) => likes / (likes + dislikes);
  return sums
    .filter((sum) => sum.fanLikes + sum.fanDislikes >= FAN_SPLIT_MIN_FANS)
    .map(({ _id: team, ...sum }) => ({
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
