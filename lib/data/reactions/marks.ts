import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import type { Marks, Reaction } from '@/lib/reactions/marks';
import type { TakeDTO } from '@/lib/validation/takes';
import { LIVE_SLOTS } from '@/models/user-action';
import { ReceiptVote as ReceiptVoteModel, type ReceiptVoteRow, UserAction, type UserActionRow } from '@/models';

type ActionRow = Pick<UserActionRow, 'target' | 'actionType'>;
type VoteRow = Pick<ReceiptVoteRow, 'take' | 'vote'>;

function toMarks(actions: ActionRow[], votes: VoteRow[]): Marks {
  const marks: Marks = { reactions: {}, favorites: [], votes: {} };
  for (const { target, actionType } of actions) {
    if (actionType === 'favorite') marks.favorites.push(String(target));
    else if (actionType === 'like' || actionType === 'dislike') marks.reactions[String(target)] = actionType satisfies Reaction;
  }
  for (const { take, vote } of votes) marks.votes[String(take)] = vote;
  return marks;
}

const actionsOn = (user: Types.ObjectId | string, ids: string[]) =>
  UserAction.find({ user, target: mongoose.trusted({ $in: ids }), slot: mongoose.trusted({ $in: LIVE_SLOTS }) })
    .select({ target: 1, actionType: 1, _id: 0 })
    .lean<ActionRow[]>();

const votesOn = (user: Types.ObjectId | string, takeIds: string[]) =>
  takeIds.length === 0
    ? Promise.resolve([])
    : ReceiptVoteModel.find({ user, take: mongoose.trusted({ $in: takeIds }) })
        .select({ take: 1, vote: 1, _id: 0 })
        .lean<VoteRow[]>();

/**
 * The reader's marks on the takes of a page, read after the shared (cached)
 * list: one query over those takes' ids, and receipt votes only for takes
 * whose receipt is open to votes (usually none, so no second query).
 */
export async function marksOnTakes(user: string, takes: TakeDTO[]): Promise<Marks> {
  if (takes.length === 0) return toMarks([], []);
  await dbConnect();
  const voting = takes.filter((t) => t.receipt && t.receipt.status !== 'pending').map((t) => t._id);
  const [actions, votes] = await Promise.all([
    actionsOn(
      user,
      takes.map((t) => t._id),
    ),
    votesOn(user, voting),
  ]);
  return toMarks(actions, votes);
}

/** The viewer's marks on the takes and comments named (GET /api/user-action/{uid}/marks). */
export async function marksOn(user: Types.ObjectId, ids: string[]): Promise<Marks> {
  await dbConnect();
  const [actions, votes] = await Promise.all([actionsOn(user, ids), votesOn(user, ids)]);
  return toMarks(actions, votes);
}
