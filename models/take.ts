import { Schema, model, models, type InferSchemaType, type Model } from 'mongoose';

const matchupSchema = new Schema({ away: { type: Number, required: true }, home: { type: Number, required: true } }, { _id: false });

/**
 * The take's call as its chip shows it (docs/product.md#calls): a copy of what models/call.ts holds, written with the
 * take and by settlement beside the call, so every list shows it with no query of its own. Never changed otherwise.
 */
const takeCallSchema = new Schema(
  {
    kind: { type: String, required: true },
    game: { type: Number, default: null },
    season: { type: String, default: null },
    team: { type: Number, default: null },
    other: { type: Number, default: null },
    player: { type: Number, default: null },
    stat: { type: String, default: null },
    side: { type: String, default: null },
    line: { type: Number, default: null },
    // A game call's game's teams, away first; a season call's team (and the one it must finish ahead of).
    teams: { type: [Number], default: undefined },
    lockAt: { type: Date, required: true },
    result: { type: String, default: null },
    reason: { type: String, default: null },
    settledAt: { type: Date, default: null },
    finalAt: { type: Date, default: null },
    // As on the call: what it was settled from, so a stale settlement cannot overwrite a later one here either.
    basis: { type: Number, default: -1 },
  },
  { _id: false },
);

const takeSchema = new Schema(
  {
    title: { type: String, required: true },
    description: { type: String, required: true },
    // Player and team ids are numbers (NBA ids), special topics are slugs (docs/product.md#content).
    tags: { type: [Schema.Types.Mixed], default: [] },
    // A game is a focus too (docs/product.md#game-day): gameID names it, and the take counts for both its teams.
    entityType: { type: String, enum: ['player', 'team', 'special', 'game'], required: true },
    playerID: { type: Number, default: null },
    team: { type: Number, default: null },
    specialID: { type: String, default: null },
    gameID: { type: Number, default: null },
    // A game take's teams as the game was scheduled, so a card names the matchup with no query (null otherwise).
    matchup: { type: matchupSchema, default: null },
    // One key for "the focus" ("player:2544", "game:22600123"), as trending and the entity stats name it.
    entityKey: { type: String, required: true },
    // Every entity page, stat and follow the take counts for (countedKeys in lib/league/entities.ts): the focus, and a game's
    // two teams. Entity pages, game threads and followed teams and players read takes by it, on one set of indexes.
    entityKeys: {
      type: [String],
      default: function (this: { entityKey: string }) {
        return [this.entityKey];
      },
    },
    // The teams the take named when it was posted: its focus team or its focus player's team then, its tagged teams
    // and tagged players' teams then, a game's two teams. A later trade moves none of them. What the spoiler shield
    // matches a take against, with gameID, without a query per take.
    namedTeams: {
      type: [Number],
      default: function (this: { fanTeam?: number | null }) {
        return this.fanTeam == null ? [] : [this.fanTeam];
      },
    },
    league: { type: String, default: 'nba' },
    addType: { type: String, default: 'user' },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    // The fans a block stands between the author and, either way: a reaction from one of them finds no match and is
    // refused, on every instance at once (lib/data/people/blocks.ts keeps it, lib/data/reactions/user-actions.ts reads it).
    blockedWith: { type: [Schema.Types.ObjectId], default: undefined },
    likes: { type: Number, default: 0, min: 0 },
    dislikes: { type: Number, default: 0, min: 0 },
    shares: { type: Number, default: 0, min: 0 },
    favorites: { type: Number, default: 0, min: 0 },
    commentsCount: { type: Number, default: 0, min: 0 },
    score: { type: Number, required: true },
    popularity: { type: Number, default: 0 },
    // Sort keys derived from likes and dislikes with the score (lib/discovery/ranking.ts).
    wilson: { type: Number, default: 0 },
    spice: { type: Number, default: 0 },
    // Receipts (lib/receipts/receipts.ts): the day to check back, the votes since, and the
    // like split recorded once when it came due (null until then).
    checkBackAt: { type: Date, default: null },
    agedWell: { type: Number, default: 0, min: 0 },
    agedPoorly: { type: Number, default: 0, min: 0 },
    receiptVotes: { type: Number, default: 0, min: 0 },
    dueLikes: { type: Number, default: null },
    dueDislikes: { type: Number, default: null },
    // The team a take belongs to, for good: a team take's team, a player take's team when it was posted (a later trade
    // moves nothing). Its page lists the take, and its fans' reactions are counted apart (the fan-base split).
    fanTeam: { type: Number, default: null },
    fanLikes: { type: Number, default: 0, min: 0 },
    fanDislikes: { type: Number, default: 0, min: 0 },
    // Set once the author has been told the receipt's verdict (lib/data/notifications/notifications.ts noteVerdicts).
    verdictNotified: { type: Boolean, default: false },
    // A structured call, settled against the league's results (null for most takes).
    call: { type: takeCallSchema, default: null },
    // The word prefixes search finds the take by (lib/discovery/search-keys.ts); read only by search, so never loaded with a take.
    searchKeys: { type: [String], default: [], select: false },
  },
  { timestamps: true, versionKey: false },
);

// Feed: by score, _id breaks ties so cursor paging is stable.
takeSchema.index({ score: -1, _id: -1 });
// Entity pages, game threads and followed teams and players: equality on one of the keys the take counts for, then
// time, then _id (the pages' tie-break).
takeSchema.index({ entityKeys: 1, createdAt: -1, _id: -1 });
// The New sort (paged by time, then _id); trending windows: a range on time, sorted in memory.
takeSchema.index({ createdAt: -1, _id: -1 });
// The Top, Spiciest and Best sorts, paged by (key, _id); Top's time window is checked from the index.
takeSchema.index({ likes: -1, _id: -1, createdAt: -1 });
takeSchema.index({ spice: -1, _id: -1 });
takeSchema.index({ wilson: -1, _id: -1 });
// Receipts coming due and the latest verdicts (those with enough votes), by check-back day; an author's receipts record.
takeSchema.index({ checkBackAt: -1, _id: -1, receiptVotes: -1 });
takeSchema.index({ createdBy: 1, checkBackAt: -1, _id: -1 });
// A profile's takes.
takeSchema.index({ createdBy: 1, createdAt: -1, _id: -1 });
// Search: equality on one query word's key, most popular first, so a search reads no more takes than it keeps.
takeSchema.index({ searchKeys: 1, popularity: -1, _id: -1 });
// Trending takes: most liked or most commented, within a time window.
takeSchema.index({ likes: -1, createdAt: -1 });
takeSchema.index({ commentsCount: -1, createdAt: -1 });
// Entity pages sorted by likes or comments; a time window is checked from the index.
takeSchema.index({ entityKeys: 1, likes: -1, _id: -1, createdAt: -1 });
takeSchema.index({ entityKeys: 1, commentsCount: -1, _id: -1, createdAt: -1 });
// Trending topics in a time window: the players' or the teams' takes (and the games', which count for their teams).
takeSchema.index({ entityType: 1, createdAt: -1 });

export type TakeDoc = InferSchemaType<typeof takeSchema>;
export const Take: Model<TakeDoc> = (models.Take as Model<TakeDoc>) ?? model<TakeDoc>('Take', takeSchema);
