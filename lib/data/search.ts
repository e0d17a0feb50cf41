import 'server-only';
import mongoose from 'mongoose';
import { SEARCH_RESULTS } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import type { LeanTake } from '@/lib/data/mappers';
import { withAuthors, type TakeDTO } from '@/lib/data/takes';
import { entityKey } from '@/lib/entities';
import { Player, SpecialTopic, Team } from '@/models';
import { Take } from '@/models';

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
    Player.find({ name: mongoose.trusted(pattern) }).select({ _id: 1 }).limit(50).lean<{ _id: number }[]>(),
    Team.find({ name: mongoose.trusted(pattern) }).select({ _id: 1 }).lean<{ _id: number }[]>(),
    SpecialTopic.find({ name: mongoose.trusted(pattern) }).select({ _id: 1 }).lean<{ _id: string }[]>(),
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
    .lean<LeanTake[]>();
  return withAuthors(takes);
}
