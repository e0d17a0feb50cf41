import type { Types } from 'mongoose';
import { entityKey } from '@/lib/league/entities';
import { hotScore, popularity, spice, wilsonLowerBound } from '@/lib/discovery/ranking';
import { searchKeys } from '@/lib/discovery/search-keys';

type Counts = { likes: number; dislikes: number; commentsCount: number; shares: number; favorites: number };
/** A receipt the seed has already settled: due, voted on and its verdict told. */
type SettledReceipt = { due: Date; agedWell: number; agedPoorly: number };

/**
 * A take on a team, stored as createTake (lib/data/takes/takes.ts) stores one: its keys, the teams it names, its
 * ranking keys from its counts, its search keys. Written once for the seed's builders, so a field the app adds to a
 * take is added here once (a take stored without entityKeys once left its team's stats disagreeing with their takes).
 */
export function teamTakeDoc({
  id,
  title,
  description,
  team,
  author,
  counts,
  posted,
  receipt = null,
}: {
  id: Types.ObjectId;
  title: string;
  description: string;
  team: { id: number; name: string };
  author: { _id: Types.ObjectId; username: string };
  counts: Counts;
  posted: Date;
  receipt?: SettledReceipt | null;
}) {
  const key = entityKey('team', team.id);
  return {
    _id: id,
    title,
    description,
    tags: [team.id],
    entityType: 'team' as const,
    playerID: null,
    team: team.id,
    specialID: null,
    entityKey: key,
    gameID: null,
    matchup: null,
    entityKeys: [key],
    namedTeams: [team.id],
    league: 'nba',
    addType: 'user',
    createdBy: author._id,
    ...counts,
    score: hotScore(counts, posted),
    popularity: popularity(counts),
    wilson: wilsonLowerBound(counts.likes, counts.dislikes),
    spice: spice(counts.likes, counts.dislikes),
    fanTeam: team.id,
    fanLikes: 0,
    fanDislikes: 0,
    checkBackAt: receipt?.due ?? null,
    agedWell: receipt?.agedWell ?? 0,
    agedPoorly: receipt?.agedPoorly ?? 0,
    receiptVotes: receipt ? receipt.agedWell + receipt.agedPoorly : 0,
    dueLikes: receipt ? counts.likes : null,
    dueDislikes: receipt ? counts.dislikes : null,
    verdictNotified: receipt !== null,
    searchKeys: searchKeys(title, description, team.name, author.username),
    createdAt: posted,
    updatedAt: posted,
  };
}
