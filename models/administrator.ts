import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

export const ADMINISTRATOR_CHANGES = ['granted', 'revoked'] as const;

/**
 * An account the site's operator made an administrator with `npm run admin -- grant` (scripts/admin-cli.ts,
 * lib/data/moderation/administrators.ts): one document per Firebase account, kept after a revocation, with every
 * change to the role, which operator command made it and when. The role itself is a custom claim on the Firebase
 * account, which the verified token carries (lib/admins.ts; isAdmin in lib/auth.ts): this is its record, as a moderator's document is
 * theirs. Administrators the environment names (TAKES_ADMIN_UIDS, TAKES_ADMIN_EMAILS) have none.
 */
const administratorSchema = new Schema(
  {
    // The account's Firebase uid: what a request's verified token names.
    _id: { type: String, required: true },
    // The account's email when the role last changed, for the operator's list.
    email: { type: String, default: null },
    active: { type: Boolean, required: true },
    history: {
      type: [
        {
          _id: false,
          change: { type: String, enum: ADMINISTRATOR_CHANGES, required: true },
          // Who ran the command: the operating system's user and host (`operator@host`).
          by: { type: String, required: true },
          at: { type: Date, required: true },
        },
      ],
      default: [],
    },
  },
  { versionKey: false },
);

export type AdministratorDoc = InferSchemaType<typeof administratorSchema>;
export const Administrator: Model<AdministratorDoc> =
  (models.Administrator as Model<AdministratorDoc>) ?? model<AdministratorDoc>('Administrator', administratorSchema);
