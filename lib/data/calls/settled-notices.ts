import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { isDuplicateKey } from '@/lib/errors';
import { expireLists, LIST_TAGS } from '@/lib/data/shared/list-cache';
import { Comment, type CommentRow, Notification, Save, type SaveRow } from '@/models';
import type { Reaction } from './call-crowd';

/**
 * Tells everyone who weighed in on calls that just settled, once per game (docs/product.md#calls): the author, every
 * fan who reacted to or commented on the take, and every fan who saved it asking to be told. One notification per fan
 * and game ("3 calls you weighed in on settled"), keyed `st:<game>` (or `st:season:<season>:<day>` for season calls)
 * under the notifications' unique (recipient, key) index. Its count is every settled call of the batch the fan weighed
 * in on, written as a maximum, so two settlements of one game racing leave the right number: calls of the same game
 * that settle later (its player calls, once the box score is in) raise it and bring it back unread, and a call
 * settled again after a correction tells nobody twice. Written in bulk: the two reads of who commented and who
 * asked, and one write for every fan.
 */

export type SettledBatch = {
  /** The notification's key suffix: the game, or a season and day. */
  key: string;
  game: number | null;
  /** The takes whose calls are settled, with their authors; `fresh` for those that settled just now (only their fans are told). */
  takes: { take: Types.ObjectId; author: Types.ObjectId; fresh: boolean }[];
};

type Id = string;

/** Who weighed in on each take: its author, its reactors, its commenters, and those who asked to be told. */
async function weighedIn(batches: SettledBatch[], reactions: Reaction[]): Promise<Map<Id, Set<Id>>> {
  const takes = batches.flatMap((b) => b.takes.map((t) => t.take));
  const [comments, saves] = await Promise.all([
    Comment.find({ postID: mongoose.trusted({ $in: takes }) })
      .select({ user: 1, postID: 1 })
      .lean<Pick<CommentRow, 'user' | 'postID'>[]>(),
    Save.find({ take: mongoose.trusted({ $in: takes }), notify: true })
      .select({ user: 1, take: 1 })
      .lean<Pick<SaveRow, 'user' | 'take'>[]>(),
  ]);
  const fans = new Map<Id, Set<Id>>(takes.map((t) => [String(t), new Set<Id>()]));
  const add = (take: unknown, user: unknown) => {
    if (user) fans.get(String(take))?.add(String(user));
  };
  for (const batch of batches) for (const t of batch.takes) add(t.take, t.author);
  for (const r of reactions) add(r.target, r.user);
  for (const c of comments) add(c.postID, c.user);
  for (const s of saves) add(s.take, s.user);
  return fans;
}

/** Writes the batches' notifications: one per fan and batch, its count the batch's takes they weighed in on. */
export async function noticeSettled(batches: SettledBatch[], reactions: Reaction[], at: Date): Promise<number> {
  const live = batches.filter((b) => b.takes.some((t) => t.fresh));
  if (live.length === 0) return 0;
  const fans = await weighedIn(live, reactions);
  const ops: mongoose.mongo.AnyBulkWriteOperation[] = [];
  const recipients = new Set<Id>();
  for (const batch of live) {
    const perFan = new Map<Id, { count: number; take: Types.ObjectId; fresh: boolean }>();
    for (const { take, fresh } of batch.takes) {
      for (const fan of fans.get(String(take)) ?? []) {
        const seen = perFan.get(fan);
        perFan.set(fan, { count: (seen?.count ?? 0) + 1, take: seen?.take ?? take, fresh: fresh || (seen?.fresh ?? false) });
      }
    }
    for (const [fan, { count, take, fresh }] of perFan) {
      if (!fresh) continue;
      recipients.add(fan);
      ops.push({
        updateOne: {
          filter: { recipient: new mongoose.Types.ObjectId(fan), key: `st:${batch.key}` },
          update: {
            $max: { count },
            $set: { read: false, createdAt: at, take, game: batch.game },
            $setOnInsert: { type: 'settled', actor: null },
          },
          upsert: true,
        },
      });
    }
  }
  if (ops.length === 0) return 0;
  // The raw collection: the $set of createdAt is this write's own (a later batch brings the notice back to the top).
  const write = (batch: mongoose.mongo.AnyBulkWriteOperation[]) => Notification.collection.bulkWrite(batch, { ordered: false });
  try {
    await write(ops);
  } catch (error) {
    // Two settlements of one game racing to insert a fan's notice: the loser's upsert meets the winner's key; once more.
    const writeErrors = [(error as { writeErrors?: unknown }).writeErrors ?? []].flat() as { code?: number; index?: number }[];
    if (!(error instanceof mongoose.mongo.MongoBulkWriteError) || !writeErrors.every(isDuplicateKey)) throw error;
    await write(writeErrors.map((e) => ops[e.index ?? 0]!));
  }
  await expireLists(...[...recipients].map(LIST_TAGS.unread));
  return recipients.size;
}
