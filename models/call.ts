import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

// As lib/calls/calls.ts names them (a model imports no code).
const CALL_KINDS = ['win', 'margin', 'total', 'player', 'season-wins', 'season-better'] as const;
const PLAYER_STATS = ['points', 'rebounds', 'assists', 'threes'] as const;
const CALL_RESULTS = ['hit', 'miss', 'void'] as const;
const CALL_REASONS = ['played', 'no-minutes', 'postponed', 'cancelled', 'no-box-score', 'deleted', 'removed'] as const;

/**
 * A structured call a take carries (docs/product.md#calls), one per take, posted with it and never changed: what it
 * says (lib/calls/calls.ts CallTerms), when it locks, and how it settled. It is the fan's record: it outlives a take
 * deleted after its lock (a miss, as a deleted receipt is aged poorly) and goes with a take deleted before it (the
 * call is withdrawn). The take keeps a copy for its chip (models/take.ts `call`), which settlement writes beside this.
 *
 * Settlement (lib/data/calls/settlement.ts) writes a result, why, and when; `finalAt` is 24 hours after the first
 * settlement, before which a corrected score or line settles it again. `basis` is the revision of what it was settled
 * from (the sum of its game's and box score lines' revisions, which every league write moves up), so a settlement read
 * before a correction cannot overwrite one read after it. When final, the scheduled job judges its crowd by the
 * Callers rules and scores it for Callers (`judged`).
 */
const callSchema = new Schema(
  {
    take: { type: Schema.Types.ObjectId, ref: 'Take', required: true },
    author: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: CALL_KINDS, required: true },
    // 'game' or 'season': which league writes can settle it.
    scope: { type: String, enum: ['game', 'season'], required: true },
    game: { type: Number, default: null },
    season: { type: String, default: null },
    team: { type: Number, default: null },
    other: { type: Number, default: null },
    // Every team the call is about (a game's two, a season call's one or two): the record's team filter, and the
    // season calls a team's final can decide.
    teams: { type: [Number], default: [] },
    player: { type: Number, default: null },
    stat: { type: String, enum: PLAYER_STATS, default: null },
    side: { type: String, enum: ['over', 'under'], default: null },
    line: { type: Number, default: null },
    postedAt: { type: Date, required: true },
    lockAt: { type: Date, required: true },
    // The take's title, kept so the record still names a call whose take was deleted after its lock; null once
    // moderators removed it (docs/product.md#moderation).
    title: { type: String, default: null },
    result: { type: String, enum: CALL_RESULTS, default: null },
    reason: { type: String, enum: CALL_REASONS, default: null },
    settledAt: { type: Date, default: null },
    finalAt: { type: Date, default: null },
    basis: { type: Number, default: -1 },
    // The crowd's odds at the lock (lib/calls/calls.ts callCrowdOdds) and the likes and dislikes they come from: counted at
    // settlement, judged again by the Callers rules when the settlement is final.
    crowd: { type: Number, default: null },
    crowdLikes: { type: Number, default: null },
    crowdDislikes: { type: Number, default: null },
    judged: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'calls' },
);

// One call per take; the take's delete finds its call.
callSchema.index({ take: 1 }, { unique: true });
// What a final, a correction or a box score line can settle: a game's calls; its Settled tonight, those settled.
callSchema.index({ game: 1, result: 1 });
// The season calls a team's results can decide.
callSchema.index({ scope: 1, season: 1, teams: 1 });
// The scheduled job's voids: game calls still open 14 days after their lock.
callSchema.index({ scope: 1, result: 1, lockAt: 1 });
// The scheduled job's Callers scoring: settlements that became final and are not judged yet.
callSchema.index({ judged: 1, finalAt: 1 });
// A fan's record, newest first; deleting their account.
callSchema.index({ author: 1, lockAt: -1, _id: -1 });

export type CallDoc = InferSchemaType<typeof callSchema>;
export const Call: Model<CallDoc> = (models.Call as Model<CallDoc>) ?? model<CallDoc>('Call', callSchema);
