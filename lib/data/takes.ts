import 'server-only';
import mongoose from 'mongoose';
import { dbConnect } from '@/lib/db';
import { toTakeDTO, type LeanTake, type TakeDTO } from '@/lib/data/mappers';
import { usersById } from '@/lib/data/users';
import { Take } from '@/models';

async function withAuthors(takes: LeanTake[]): Promise<TakeDTO[]> {
  const authors = await usersById(takes.map((t) => t.createdBy));
  return takes.map((t) => toTakeDTO(t, authors.get(String(t.createdBy))));
}

export type FeedCursor = { score: number; id: string };

export function encodeCursor(take: Pick<TakeDTO, 'score' | '_id'>): string {
  return `${take.score}_${take._id}`;
}

/** The home feed: by score, highest first, paged by (score, _id). */
export async function listFeed({ limit, cursor }: { limit: number; cursor?: FeedCursor }): Promise<TakeDTO[]> {
  await dbConnect();
  const filter = cursor
    ? {
        $or: [
          { score: mongoose.trusted({ $lt: cursor.score }) },
          { score: cursor.score, _id: mongoose.trusted({ $lt: new mongoose.Types.ObjectId(cursor.id) }) },
        ],
      }
    : {};
  const takes = await Take.find(filter).sort({ score: -1, _id: -1 }).limit(limit).lean<LeanTake[]>();
  return withAuthors(takes);
}
