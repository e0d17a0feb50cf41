import 'server-only';
import mongoose from 'mongoose';
import { SEARCH_RESULTS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { withAuthors, type TakeDTO } from '@/lib/data/takes';
import { entityKey } from '@/lib/entities';
import { Player, type PlayerRow, SpecialTopic, type SpecialTopicRow, Take, type TakeRow, Team, type TeamRow } from '@/models';

/** The query as a literal, case-insensitive pattern: user text is never run as a regex. */
export function literalPattern(q: string) {
  return { $regex: q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
}

/** Takes whose title, description or entity name contains q, most popular first. */
export async function searchTakes(rawQuery: string): Promise<TakeDTO[]> {
  const q = rawQuery.trim();
  if (!q) return [];
  await dbConnect();
  const pattern = literalPattern(q);
  const [players, teams, topics] = await Promise.all([
    Player.find({ name: mongoose.trusted(pattern) })
      .select({ _id: 1 })
      .limit(50)
      .lean<Pick<PlayerRow, '_id'>[]>(),
    Team.find({ name: mongoose.trusted(pattern) })
      .select({ _id: 1 })
      .lean<Pick<TeamRow, '_id'>[]>(),
    SpecialTopic.find({ name: mongoose.trusted(pattern) })
      .select({ _id: 1 })
      .lean<Pick<SpecialTopicRow, '_id'>[]>(),
  ]);
  const keys = [
    ...players.map((p) => entityKey('player', p._id)),
    ...teams.map((t) => entityKey('team', t._id)),
    ...topics.map((t) => entityKey('special', t._id)),
  ];
  const takes = await Take.find({
    $or: [
      { title: mongoose.trusted(pattern) },
      { description: mongoose.trusted(pattern) },
      ...(keys.length ? [{ entityKey: mongoose.trusted({ $in: keys }) }] : []),
    ],
  })
    .sort({ popularity: -1, _id: -1 })
    .limit(SEARCH_RESULTS)
    .lean<TakeRow[]>();
  return withAuthors(takes);
}
