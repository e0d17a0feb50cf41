import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const commentSchema = new Schema(
  {
    text: { type: String, required: true },
    postID: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    // null for a top-level comment; a reply points at its top-level parent.
    parentComment: { type: Schema.Types.ObjectId, ref: 'Comment', default: null },
    taggedUser: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    likes: { type: Number, default: 0, min: 0 },
    dislikes: { type: Number, default: 0, min: 0 },
    repliesCount: { type: Number, default: 0, min: 0 },
    // The Best sort: the Wilson lower bound of likes and dislikes (lib/ranking.ts).
    wilson: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);

// Top-level comments of a take, newest first (_id breaks ties), and the take's top comment.
commentSchema.index({ postID: 1, parentComment: 1, createdAt: -1, _id: -1 });
commentSchema.index({ postID: 1, parentComment: 1, likes: -1, createdAt: -1 });
// Top-level comments by Best.
commentSchema.index({ postID: 1, parentComment: 1, wilson: -1, _id: -1 });
// Replies of a comment, oldest first.
commentSchema.index({ parentComment: 1, createdAt: 1, _id: 1 });

export type CommentDoc = InferSchemaType<typeof commentSchema>;
export const Comment: Model<CommentDoc> =
  (models.Comment as Model<CommentDoc>) ?? model<CommentDoc>('Comment', commentSchema);
