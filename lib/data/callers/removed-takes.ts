import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { CallerScore, ModerationAction, type ModerationActionRow } from '@/models';

const BATCH = 500;

/**
 * The migration for scores written before a removal by moderators was told from its author's delete: they kept
 * the removed take's title, shown on its author's Calls tab. Every take the moderation log says a moderator deleted
 * (someone else's: a moderator deleting their own take deletes it as its author) loses its title, and a score its
 * removal wrote becomes 'removed' (docs/product.md#moderation). The log is walked on its own index, newest first;
 * safe to run again, and it stops between batches once `signal` says its instance lost the migration's lease.
 */
export async function forgetRemovedTitles(signal?: AbortSignal): Promise<void> {
  const log = ModerationAction.find({})
    .sort({ createdAt: -1, _id: -1 })
    .select({ take: 1, comment: 1, action: 1, author: 1, by: 1 })
    .lean<Pick<ModerationActionRow, 'take' | 'comment' | 'action' | 'author' | 'by'>[]>()
    .cursor();
  let removed: Types.ObjectId[] = [];
  const forget = async () => {
    signal?.throwIfAborted();
    if (removed.length === 0) return;
    const ids = mongoose.trusted({ $in: removed });
    await CallerScore.updateMany({ _id: ids, reason: 'deleted' }, { $set: { reason: 'removed' } });
    await CallerScore.updateMany({ _id: ids }, { $set: { title: null } });
    removed = [];
  };
  for await (const entry of log) {
    if (entry.action !== 'delete' || entry.comment || !entry.by || String(entry.by) === String(entry.author)) continue;
    removed.push(entry.take);
    if (removed.length >= BATCH) await forget();
  }
  await forget();
}
