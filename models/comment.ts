import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const commentSchema = new Schema(
  {
    text: { type: String, required: true },
    postID: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    // null for a top-level comment; a reply points at its top-level parent.
    parentComment: { type: Schema.Types.ObjectId, ref: 'Comment', default: null },
    taggedUser: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // null once the comment is deleted and kept as "[deleted]" for its replies (deletedAt set).
    user: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    // The fans a block stands between the author and, either way: a reaction from one of them finds no match and is
    // refused, on every instance at once (lib/data/people/blocks.ts keeps it, lib/data/reactions/user-actions.ts reads it).
    blockedWith: { type: [Schema.Types.ObjectId], default: undefined },
    likes: { type: Number, default: 0, min: 0 },
    dislikes: { type: Number, default: 0, min: 0 },
    repliesCount: { type: Number, default: 0, min: 0 },
    // The Best sort: the Wilson lower bound of likes and dislikes (lib/discovery/ranking.ts).
    wilson: { type: Number, default: 0 },
    // Set when a comment with replies is deleted: it keeps its place as "[deleted]",
    // its author and text gone (lib/data/comments/comments.ts). One without replies is removed.
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

// Top-level comments of a take, newest first (_id breaks ties).
commentSchema.index({ postID: 1, parentComment: 1, createdAt: -1, _id: -1 });
// The take's top comment: the most liked one still standing (by an author not hidden from the reader: `user` last).
commentSchema.index({ postID: 1, parentComment: 1, deletedAt: 1, likes: -1, createdAt: -1, user: 1 });
// A take's comments still standing, counted (its commentsCount tally, lib/data/counters/recounts.ts).
commentSchema.index({ postID: 1, deletedAt: 1 });
// Top-level comments by Best.
commentSchema.index({ postID: 1, parentComment: 1, wilson: -1, _id: -1 });
// Replies of a comment, oldest first.
commentSchema.index({ parentComment: 1, createdAt: 1, _id: 1 });
// A fan's own comments: their data download, and deleting their account.
commentSchema.index({ user: 1, createdAt: -1 });
// The scheduled job checks the counters of whatever changed since its last run (lib/data/counters/counter-checks.ts).
commentSchema.index({ updatedAt: 1 });

export type CommentDoc = InferSchemaType<typeof commentSchema>;
export const Comment: Model<CommentDoc> = (models.Comment as Model<CommentDoc>) ?? model<CommentDoc>('Comment', commentSchema);
