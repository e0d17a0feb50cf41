import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const userSchema = new Schema(
  {
    firebaseUID: { type: String, required: true },
    email: { type: String, default: null },
    // Stored lowercase (docs/product.md#validation); the unique index makes "taken" a database fact.
    username: { type: String, required: true, lowercase: true, trim: true },
    profilePictureUrl: { type: String, default: null },
    bio: { type: String, default: '' },
    followersCount: { type: Number, default: 0, min: 0 },
    followingCount: { type: Number, default: 0, min: 0 },
    postsCount: { type: Number, default: 0, min: 0 },
    // NBA team id, or null; the fan-base split counts reactions by it.
    favoriteTeam: { type: Number, default: null },
    // Whether the favourite team shows as a badge beside the fan's name (docs/product.md#game-day); read as true
    // when missing, so accounts from before it show theirs.
    showFlair: { type: Boolean, default: true },
    // Accounts made from one network within a week of the first of them share this opaque id, and count as one fan in
    // a Callers crowd or verdict (lib/data/people/signup-cohort.ts); null when the site could not tell the network.
    signupCohort: { type: Schema.Types.ObjectId, default: null },
    // Set when the account's deletion starts (lib/data/account/account-deletion.ts): from then on the profile is a 404
    // and what the user wrote is left out of every read, until the deletion, resumed if interrupted, removes it.
    deletingAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

userSchema.index({ firebaseUID: 1 }, { unique: true });
userSchema.index({ username: 1 }, { unique: true });
// "Most followed" suggestions.
userSchema.index({ followersCount: -1, _id: 1 });
// Whether any other fan still uses a picture before it is deleted (lib/data/people/avatars.ts).
userSchema.index({ profilePictureUrl: 1, _id: 1 });

export type UserDoc = InferSchemaType<typeof userSchema>;
export const User: Model<UserDoc> = (models.User as Model<UserDoc>) ?? model<UserDoc>('User', userSchema);
