import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { TIME_WINDOWS_MS, type TimeRange } from '@/lib/constants';
import { dbConnect } from '@/lib/db';
import { directory, focusRef, tagRef, type EntityRef } from '@/lib/data/directory';
import { toTakeDTO, type LeanTake, type TakeDTO } from '@/lib/data/mappers';
import { movingCounters } from '@/lib/data/heal';
import { usersById } from '@/lib/data/users';
import { entityKey, type EntityType } from '@/lib/entities';
import { badRequest, forbidden, notFound } from '@/lib/errors';
import { hotScore } from '@/lib/ranking';
import type { CreateTakeInput } from '@/lib/validation/takes';
import { Comment, EntityStat, Player, Report, SpecialTopic, Take, Team, User, UserAction } from '@/models';

export type { TakeDTO };

/** Maps takes with their authors (one query) and named entities (the cached directory). */
export async function withAuthors(takes: LeanTake[]): Promise<TakeDTO[]> {
  const [authors, dir] = await Promise.all([usersById(takes.map((t) => t.createdBy)), directory()]);
  return takes.map((t) => {
    const focusId = t.entityType === 'player' ? t.playerID : t.entityType === 'team' ? t.team : t.specialID;
    const focus = focusRef(dir, t.entityType, focusId ?? null);
    const tags = (t.tags ?? [])
      .filter((tag): tag is number | string => (typeof tag === 'number' || typeof tag === 'string') && tag !== focusId)
      .map((tag) => tagRef(dir, tag))
      .filter((ref): ref is EntityRef => ref !== null);
    return toTakeDTO(t, authors.get(String(t.createdBy)), focus, tags);
  });
}

export const since = (range: TimeRange) => {
  const window = TIME_WINDOWS_MS[range];
  return window === null ? null : new Date(Date.now() - window);
};

export type FeedCursor = { score: number; id: string };

export function encodeCursor(take: Pick<TakeDTO, 'score' | '_id'>): string {
  return `${take.score}_${take._id}`;
}

export function decodeCursor(cursor: string | undefined): FeedCursor | undefined {
  if (!cursor) return undefined;
  const at = cursor.lastIndexOf('_');
  return { score: Number(cursor.slice(0, at)), id: cursor.slice(at + 1) };
}

/** The home feed: by score, highest first, paged by (score, _id) so a page never repeats. */
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

export async function getTake(id: string): Promise<TakeDTO> {
  await dbConnect();
  const take = await Take.findById(id).lean<LeanTake>();
  if (!take) throw notFound('Take not found.');
  const [dto] = await withAuthors([take]);
  return dto!;
}

/** null instead of a 404, for pages and metadata. */
export async function findTake(id: string): Promise<TakeDTO | null> {
  if (!/^[a-f0-9]{24}$/i.test(id)) return null;
  try {
    return await getTake(id);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export async function getTakeCounts(id: string) {
  await dbConnect();
  const take = await Take.findById(id).select({ likes: 1, dislikes: 1, shares: 1 }).lean<{ likes: number; dislikes: number; shares: number }>();
  if (!take) throw notFound('Take not found.');
  return { likes: take.likes, dislikes: take.dislikes, shares: take.shares };
}

async function entityExists(type: EntityType, id: number | string): Promise<boolean> {
  if (type === 'player') return typeof id === 'number' && (await Player.exists({ _id: id })) !== null;
  if (type === 'team') return typeof id === 'number' && (await Team.exists({ _id: id })) !== null;
  return typeof id === 'string' && (await SpecialTopic.exists({ _id: id })) !== null;
}

/** Checks every tag names a real player, team or topic, in three queries at most. */
async function assertTagsExist(tags: (number | string)[]) {
  const numbers = tags.filter((t): t is number => typeof t === 'number');
  const slugs = tags.filter((t): t is string => typeof t === 'string');
  const [players, teams, topics] = await Promise.all([
    numbers.length ? Player.find({ _id: mongoose.trusted({ $in: numbers }) }).select({ _id: 1 }).lean() : [],
    numbers.length ? Team.find({ _id: mongoose.trusted({ $in: numbers }) }).select({ _id: 1 }).lean() : [],
    slugs.length ? SpecialTopic.find({ _id: mongoose.trusted({ $in: slugs }) }).select({ _id: 1 }).lean() : [],
  ]);
  const known = new Set([...players, ...teams, ...topics].map((d) => String(d._id)));
  const unknown = tags.find((t) => !known.has(String(t)));
  if (unknown !== undefined) throw badRequest(`Unknown tag: ${unknown}.`);
}

export async function createTake(authorId: Types.ObjectId, input: CreateTakeInput): Promise<TakeDTO> {
  await dbConnect();
  if (!(await entityExists(input.entityType, input.focus))) {
    throw badRequest(`Unknown ${input.entityType === 'special' ? 'topic' : input.entityType}: ${input.focus}.`);
  }
  await assertTagsExist(input.tags.slice(1));
  const createdAt = new Date();
  const key = entityKey(input.entityType, input.focus);
  const take = await Take.create({
    title: input.title,
    description: input.description,
    tags: input.tags,
    entityType: input.entityType,
    playerID: input.playerID,
    team: input.team,
    specialID: input.specialID,
    entityKey: key,
    createdBy: authorId,
    score: hotScore({ likes: 0, dislikes: 0, commentsCount: 0 }, createdAt),
    createdAt,
  });
  await movingCounters([{ kind: 'user', id: String(authorId) }, { kind: 'take', id: String(take._id) }], () =>
    Promise.all([
      User.updateOne({ _id: authorId }, { $inc: { postsCount: 1 } }),
      EntityStat.updateOne(
        { _id: key },
        { $inc: { takes: 1 }, $setOnInsert: { entityType: input.entityType, entityId: input.focus } },
        { upsert: true },
      ),
    ]),
  );
  const [dto] = await withAuthors([take.toObject() as unknown as LeanTake]);
  return dto!;
}

/** Author only. Removes the take's comments, actions and reports and backs out the counts they fed. */
export async function deleteTake(takeId: string, requesterId: Types.ObjectId): Promise<void> {
  await dbConnect();
  const take = await Take.findById(takeId).lean<LeanTake & { entityKey: string }>();
  if (!take) throw notFound('Take not found.');
  if (String(take.createdBy) !== String(requesterId)) throw forbidden('Only the author can delete this take.');
  const removed = await Take.findOneAndDelete({ _id: take._id }).lean();
  if (!removed) throw notFound('Take not found.');
  const commentIds = (await Comment.find({ postID: take._id }).select({ _id: 1 }).lean()).map((c) => c._id);
  await Promise.all([
    Comment.deleteMany({ postID: take._id }),
    UserAction.deleteMany({ target: take._id }),
    commentIds.length ? UserAction.deleteMany({ target: mongoose.trusted({ $in: commentIds }) }) : null,
    Report.deleteMany({ take: take._id }),
    User.updateOne({ _id: take.createdBy }, { $inc: { postsCount: -1 } }),
    EntityStat.updateOne(
      { _id: take.entityKey },
      { $inc: { takes: -1, likes: -take.likes, comments: -take.commentsCount, shares: -take.shares } },
    ),
  ]);
}

/** One report per user per take; a repeat is accepted and changes nothing. */
export async function reportTake(takeId: string, userId: Types.ObjectId, reason: string): Promise<void> {
  await dbConnect();
  if (!(await Take.exists({ _id: takeId }))) throw notFound('Take not found.');
  try {
    await Report.create({ take: takeId, user: userId, reason });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

const ENTITY_SORTS = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  likes: { likes: -1, _id: -1 },
  comments: { commentsCount: -1, _id: -1 },
} as const;
export type EntitySort = keyof typeof ENTITY_SORTS;

/** A player's, team's or topic's takes, filtered by time, then sorted (spec §4). */
export async function listEntityTakes(
  type: EntityType,
  id: number | string,
  { sort, timeRange, skip, limit }: { sort: EntitySort; timeRange: TimeRange; skip: number; limit: number },
): Promise<TakeDTO[]> {
  await dbConnect();
  const from = since(timeRange);
  const filter = { entityKey: entityKey(type, id), ...(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {}) };
  const takes = await Take.find(filter).sort(ENTITY_SORTS[sort]).skip(skip).limit(limit).lean<LeanTake[]>();
  return withAuthors(takes);
}

export async function listUserTakes(userId: string, { skip, limit }: { skip: number; limit: number }): Promise<TakeDTO[]> {
  await dbConnect();
  const takes = await Take.find({ createdBy: userId }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<LeanTake[]>();
  return withAuthors(takes);
}

