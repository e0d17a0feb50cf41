import { z } from 'zod';
import { FEED_MAX_PAGE_SIZE, nbaId, objectId, pageQuery, timeRange, topicSlug, typedText } from '@/lib/validation/common';
import { FEED_PAGE_SIZE, REPORT_REASON_MAX, TAKE_DESCRIPTION_MAX, TAKE_EXTRA_TAGS_MAX, TAKE_TITLE_MAX } from '@/lib/constants';
import { FEED_SORTS, FEED_TOP_RANGES } from '@/lib/discovery/sorts';
import { cursorParam } from '@/lib/validation/cursor';
import { collapsed } from '@/lib/validation/filters';
import { callInput, takeCall } from '@/lib/validation/calls';
import { checkBackInput, receipt } from '@/lib/validation/receipts';
import { publicUser } from '@/lib/validation/users';
import type { FocusType } from '@/lib/league/entities';

/** What a take can be about (lib/league/entities.ts FocusType): an entity, or a game. */
export const FOCUS_TYPES = ['player', 'team', 'special', 'game'] as const satisfies readonly FocusType[];
const ENTITY_TYPES = ['player', 'team', 'special'] as const;

/** A tag is a player or team id (number; numeric strings become numbers, docs/product.md#content) or a topic slug. */
const tag = z.union([nbaId, topicSlug]);

export const ALL_FIELDS_REQUIRED = 'All fields are required.';
export const TOO_MANY_TAGS = `You can only select up to ${TAKE_EXTRA_TAGS_MAX} additional tags.`;

/**
 * The create-take payload of docs/product.md#content. addType and league are fixed by the
 * server; the focus id must match entityType; tags start with the focus.
 */
export const createTakeBody = z
  .object({
    title: typedText(TAKE_TITLE_MAX, { required: ALL_FIELDS_REQUIRED, tooLong: `Title must be at most ${TAKE_TITLE_MAX} characters.` }),
    description: typedText(TAKE_DESCRIPTION_MAX, {
      required: ALL_FIELDS_REQUIRED,
      tooLong: `Description must be at most ${TAKE_DESCRIPTION_MAX} characters.`,
    }),
    entityType: z.enum(FOCUS_TYPES, { error: ALL_FIELDS_REQUIRED }),
    playerID: nbaId.nullish(),
    team: nbaId.nullish(),
    specialID: topicSlug.nullish(),
    gameID: nbaId
      .nullish()
      .describe('With entityType game: the game the take is filed on, from a day and a half before its tip-off to as long after'),
    tags: z
      .array(tag)
      .max(TAKE_EXTRA_TAGS_MAX + 2, TOO_MANY_TAGS)
      .default([]),
    checkBack: checkBackInput.nullish().describe('Optional: when to check back on the take (receipts)'),
    call: callInput.nullish(),
  })
  .transform((body, ctx) => {
    const focus = { player: body.playerID, team: body.team, special: body.specialID, game: body.gameID }[body.entityType];
    if (focus === null || focus === undefined) {
      ctx.addIssue({ code: 'custom', message: ALL_FIELDS_REQUIRED });
      return z.NEVER;
    }
    const extra = body.tags.filter((t) => t !== focus);
    if (new Set(extra).size !== extra.length) {
      ctx.addIssue({ code: 'custom', message: 'A tag can only be picked once.' });
      return z.NEVER;
    }
    if (body.tags.filter((t) => t === focus).length > 1) {
      ctx.addIssue({ code: 'custom', message: 'The focus cannot be picked again as a tag.' });
      return z.NEVER;
    }
    if (extra.length > TAKE_EXTRA_TAGS_MAX) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_TAGS });
      return z.NEVER;
    }
    const only = <T>(type: FocusType, id: T | null | undefined): T | null => (body.entityType === type ? (id ?? null) : null);
    return {
      title: body.title,
      description: body.description,
      entityType: body.entityType,
      focus,
      // Only the id matching the type is kept; the others are null (docs/product.md#content).
      playerID: only('player', body.playerID),
      team: only('team', body.team),
      specialID: only('special', body.specialID),
      gameID: only('game', body.gameID),
      // A game is no tag (tags name players, teams and topics): a take on one keeps its extra tags only.
      tags: body.entityType === 'game' ? extra : [focus, ...extra],
      checkBack: body.checkBack ?? null,
      call: body.call ?? null,
    };
  });
export type CreateTakeInput = z.output<typeof createTakeBody>;

export const feedQuery = z.object({
  sort: z.enum(FEED_SORTS, { error: 'must be hot, new, top, spicy or best' }).default('hot'),
  timeRange: z.enum(FEED_TOP_RANGES, { error: 'must be 24h, week or all' }).default('all').describe('The window of the top sort'),
  limit: pageQuery(FEED_PAGE_SIZE, FEED_MAX_PAGE_SIZE).limit,
  cursor: cursorParam.describe('From the X-Next-Cursor header of the previous page'),
});

export const trendingTakesQuery = z.object({
  timeRange: timeRange.default('week'),
  sort: z.enum(['likes', 'comments'], { error: 'must be likes or comments' }).default('likes'),
});

export const trendingTopicsQuery = z.object({
  type: z.enum(['players', 'teams'], { error: 'must be players or teams' }).optional(),
  timeRange: timeRange.default('all'),
});

export const entityTakesQuery = z.object({
  sort: z.enum(['newest', 'oldest', 'likes', 'comments'], { error: 'must be newest, oldest, likes or comments' }).default('newest'),
  timeRange: timeRange.default('all'),
  ...pageQuery(FEED_MAX_PAGE_SIZE, FEED_MAX_PAGE_SIZE),
});

export const reportBody = z.object({
  reason: typedText(REPORT_REASON_MAX, {
    required: 'A reason is required.',
    tooLong: `The reason must be at most ${REPORT_REASON_MAX} characters.`,
  }),
});

export const searchQuery = z.object({ q: z.string().max(100, 'must be at most 100 characters').default('') });

/** entityName and entityImage are accepted for the clients of docs/product.md#api; the image draws the take's own entity. */
export const captureQuery = z.object({
  takeID: objectId,
  entityName: z
    .string()
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe("The name drawn beside the picture; default the take's focus"),
  entityImage: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .optional()
    .describe(
      "The picture drawn, used only when it is a file under the storage host (NEXT_PUBLIC_STORAGE_BASE_URL); otherwise the focus's own picture, or its badge when that cannot be fetched",
    ),
});

export const playerParams = z.object({ playerID: nbaId });
export const teamParams = z.object({ teamID: nbaId });

/** "Celtics fans 18% · everyone 64%": shown once enough of the team's fans have reacted. */
export const fanSplit = z.object({ team: z.number(), teamName: z.string(), fans: z.number(), everyone: z.number() });

const entityRef = z.object({
  type: z.enum(FOCUS_TYPES),
  id: z.union([z.number(), z.string()]),
  name: z.string().describe('A game is named by its teams, away first: "Celtics @ Lakers"'),
});
const tagRef = z.object({
  type: z.enum(ENTITY_TYPES).nullable().describe('null when the tagged entity no longer exists (name: Unknown Tag)'),
  id: z.union([z.number(), z.string()]),
  name: z.string(),
});

/** A take on a game: its teams, so a card draws the matchup and links both with no lookup. */
export const matchup = z.object({ away: z.number(), home: z.number() });

export const take = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.union([z.number(), z.string()])),
  entityType: z.enum(FOCUS_TYPES),
  playerID: z.number().nullable(),
  team: z.number().nullable(),
  specialID: z.string().nullable(),
  gameID: z.number().nullable().describe('A take on a game: the game, whose thread is /games/{gameID}'),
  matchup: matchup.nullable(),
  namedTeams: z
    .array(z.number())
    .describe("The teams the take named when it was posted: its focus's, its tags', their players' teams then, a game's two"),
  league: z.string(),
  createdBy: publicUser,
  createdAt: z.string(),
  likes: z.number(),
  dislikes: z.number(),
  shares: z.number(),
  favorites: z.number(),
  commentsCount: z.number(),
  score: z.number(),
  popularity: z.number(),
  wilson: z.number(),
  spice: z.number(),
  entity: entityRef,
  playerTeam: entityRef
    .nullable()
    .describe("A player's take: the team he was on when it was posted, which keeps the take (a later trade moves it nowhere)"),
  tagEntities: z.array(tagRef),
  receipt: receipt.nullable(),
  fanTeam: z
    .number()
    .nullable()
    .describe("The team whose fans its split counts: the focus team, or the focus player's team when it was posted"),
  fanSplit: fanSplit.nullable(),
  call: takeCall.nullable().describe('A structured call the take carries, and how it settled (docs/product.md#calls)'),
});

/**
 * A take a signed-in viewer's own filters collapse (docs/product.md#filters): who and when, and why, but none of what it
 * says, nor its counts. GET /api/takes/{id} reads it whole.
 */
export const collapsedTake = z.object({ _id: z.string(), createdAt: z.string(), createdBy: publicUser, collapsed });

/** A take as a list shows it to its reader: whole, or collapsed by their filters. */
export const listedTake = z.union([take, collapsedTake]);

/** A list of takes: the feed, trending, an entity's or a search's. */
export const takeList = z.array(listedTake);

/** GET /api/account/saves: a page of the viewer's Saved list. */
export const savedTakesPage = z.object({
  takes: takeList,
  notify: z.array(z.string()).describe('The takes on the page the viewer asked to be told about when their call settles'),
  nextCursor: z.string().nullable(),
});
export type SavedTakesPage = z.output<typeof savedTakesPage>;

export const takeCounts = z.object({ likes: z.number(), dislikes: z.number(), shares: z.number() });
export const commentCounts = z.object({ likes: z.number(), dislikes: z.number() });

export const trendingTopic = z.object({
  topic: z.number().describe('The player or team id'),
  entityType: z.enum(['player', 'team']),
  name: z.string(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  score: z.number(),
});

export const divisiveTeam = z.object({
  team: z.number(),
  name: z.string(),
  teamName: z.string(),
  fans: z.number().describe("The team's fans' like share, percent"),
  everyone: z.number().describe("Everyone's like share on the same takes, percent"),
  fanReactions: z.number(),
});

export const entity = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  inactive: z
    .literal(true)
    .optional()
    .describe('A player who is retired, waived or unsigned: his page stays, the composer does not offer him'),
  closed: z.literal(true).optional().describe('A closed topic: its page stays, it takes no new takes'),
  formerNames: z.array(z.string()).optional().describe("A team's names before its rebrands, most recent first"),
});

export { objectId };

export type TakeDTO = z.output<typeof take>;
export type CollapsedTake = z.output<typeof collapsedTake>;
export type ListedTake = z.output<typeof listedTake>;
export type EntityRef = z.output<typeof entityRef>;
export type Matchup = z.output<typeof matchup>;
export type TagRef = z.output<typeof tagRef>;
export type FanSplit = z.output<typeof fanSplit>;
export type TrendingTopic = z.output<typeof trendingTopic>;
export type DivisiveTeam = z.output<typeof divisiveTeam>;
export type Entity = z.output<typeof entity>;
