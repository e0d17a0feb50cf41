import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { FEED_PAGE_SIZE, TIME_WINDOWS_MS, type TimeRange } from '@/lib/constants';
import { now } from '@/lib/clock';
import { dbConnect } from '@/lib/db';
import { derivedScores, entityStatInc, moveEntityStats, statKeysOf } from '@/lib/data/counters/counters';
import { directory, focusRef, gameName, gameRef, tagRef } from '@/lib/data/shared/directory';
import { gameForTake } from '@/lib/data/games/games';
import { below, nextCursorOf } from '@/lib/data/shared/keyset';
import { rememberTake } from '@/lib/data/counters/known-takes';
import { cachedList, expireLists, LIST_TAGS, LIST_TTL, listsOf, unstored } from '@/lib/data/shared/list-cache';
import { isLeaving, toTakeDTO, type LeanUser } from '@/lib/data/shared/mappers';
import { carryBlocksOnto } from '@/lib/data/visibility/block-carry';
import { markForCheck, movingCounters } from '@/lib/data/counters/counter-checks';
import { scoreDeletedReceipt } from '@/lib/data/callers/caller-scoring';
import { settleDeletedCall } from '@/lib/data/callers/call-scoring';
import { claimCheckBackSlot } from '@/lib/data/callers/check-back-quota';
import { deleteHiddenTake, purgeTakeFacts, removedBy } from '@/lib/data/takes/take-removal';
import { usersById } from '@/lib/data/people/users';
import { chipOf, prepareCall, type StoredChip, toTakeCall } from '@/lib/data/calls/call-terms';
import { claimCallSlot, recordCall } from '@/lib/data/calls/call-records';
import { countedKeys, entityKey, splitKey, type EntityType } from '@/lib/league/entities';
import { badRequest, forbidden, isNotFound, notFound } from '@/lib/errors';
import { resolveCheckBack } from '@/lib/receipts/receipts';
import { searchKeys } from '@/lib/discovery/search-keys';
import { FEED_SORT_FIELDS, type FeedSort } from '@/lib/discovery/sorts';
import { objectId } from '@/lib/validation/common';
import { encodeCursor, type Cursor } from '@/lib/validation/cursor';
import type { CreateTakeInput, Matchup, TakeDTO } from '@/lib/validation/takes';
import { EntityStat, Player, type PlayerRow, SpecialTopic, type SpecialTopicRow, Take, type TakeRow, Team, User } from '@/models';

export type { TakeDTO };

/**
 * Maps takes with their authors (one query) and named entities (the cached
 * directory), and their receipts as of the request's time, leaving out those of
 * an author whose account is being deleted. It only reads: receipts that came
 * due or reached a verdict are recorded by the scheduled job and by votes
 * (app/api/cron, lib/data/receipts/due-snapshot.ts).
 */
export async function withAuthors(takes: TakeRow[], knownAuthors?: Map<string, LeanUser>): Promise<TakeDTO[]> {
  const at = await now();
  const [authors, dir] = await Promise.all([knownAuthors ?? usersById(takes.map((t) => t.createdBy)), directory()]);
  // An author whose account is being deleted shows nothing meanwhile (lib/data/account/account-deletion.ts).
  return takes
    .filter((t) => !isLeaving(authors.get(String(t.createdBy))))
    .map((t) => {
      const focusId = t.entityType === 'player' ? t.playerID : t.entityType === 'team' ? t.team : t.specialID;
      const focus =
        t.entityType === 'game' ? gameRef(dir, t.gameID ?? null, t.matchup ?? null) : focusRef(dir, t.entityType, focusId ?? null);
      const tags = (t.tags ?? [])
        .filter((tag): tag is number | string => (typeof tag === 'number' || typeof tag === 'string') && tag !== focusId)
        .map((tag) => tagRef(dir, tag));
      const fanTeamName = t.fanTeam == null ? null : (dir.teamNicknames.get(t.fanTeam) ?? null);
      // A player's take shows the team he was on when it was posted, as named now.
      const playerTeam = t.entityType === 'player' && t.fanTeam != null ? focusRef(dir, 'team', t.fanTeam) : null;
      const call = t.call ? toTakeCall(t.call as StoredChip, dir, at) : null;
      return toTakeDTO(t, authors.get(String(t.createdBy)), focus, tags, {
        now: at,
        fanTeamName,
        playerTeam,
        teams: dir.teamNicknames,
        call,
      });
    });
}

/** What changes on a take after it is posted: counts, the ranking keys that follow from them, and its receipt. */
const LIVE_FIELDS = {
  likes: 1,
  dislikes: 1,
  shares: 1,
  favorites: 1,
  commentsCount: 1,
  fanLikes: 1,
  fanDislikes: 1,
  score: 1,
  popularity: 1,
  wilson: 1,
  spice: 1,
  agedWell: 1,
  agedPoorly: 1,
  receiptVotes: 1,
  dueLikes: 1,
  dueDislikes: 1,
  verdictNotified: 1,
  // Its call's chip: settlement writes its result beside the call (lib/data/calls/settlement.ts).
  call: 1,
} as const;

/**
 * A cached page of takes with what changed since it was cached, in one query by
 * id (the _id index; about a kilobyte for a page of 10). A take gone since
 * (deleted or hidden) is left out.
 */
async function withLiveCounts(takes: TakeRow[]): Promise<TakeRow[]> {
  if (takes.length === 0) return takes;
  const rows = await Take.find({ _id: mongoose.trusted({ $in: takes.map((t) => t._id) }) })
    .select(LIVE_FIELDS)
    .lean<Pick<TakeRow, '_id' | keyof typeof LIVE_FIELDS>[]>();
  const live = new Map(rows.map((row) => [String(row._id), row]));
  return takes.flatMap((take) => {
    const now = live.get(String(take._id));
    if (!now) return [];
    const merged = { ...take, ...now };
    rememberTake(merged);
    return [merged];
  });
}

/** A list's takes as shown, and its rows as the query listed them (where the next page starts, and whether there is one). */
export type ListedTakes = { takes: TakeDTO[]; listed: TakeRow[] };

/**
 * A list's rows as it was read (which takes, in what order) with their authors, before a card is made of any:
 * `fresh` when read just now, else as cached, so their counts are read again before they are shown (shownTakes).
 * A reader's filters judge these rows, and only the takes they show are mapped (fillTakes in lib/data/discovery/reader-lists.ts).
 */
export type ListedRows = { listed: TakeRow[]; authors: Map<string, LeanUser>; fresh: boolean };

/**
 * A list of takes read through the data cache (lib/data/shared/list-cache.ts): which
 * takes, in what order, and their authors, as cached. Reactions do not expire lists, so a list keeps its order for
 * its time-to-live while every card on it shows today's counts (shownTakes).
 *
 * Every part of a key is something a client sent, and each value it can make up would be an entry
 * (docs/architecture.md#data-access). A null `key` reads the list as it is, uncached: a page reached by a skip,
 * which any number names. `keep`, when given, says whether a page just read may be stored: a page after a cursor
 * is, when the cursor is where a page of the list really ended (takeAtCursor), so the pages that can be kept are
 * the list's own; after a made-up cursor, or one a reaction has since moved, the page is read and not kept. A
 * search is kept when it found something: words nobody wrote are any string a client likes.
 */
export async function cachedRows(
  name: string,
  key: unknown[] | null,
  tags: string[],
  ttl: number,
  query: () => Promise<TakeRow[]>,
  keep?: (takes: TakeRow[]) => boolean | Promise<boolean>,
): Promise<ListedRows> {
  if (!key) {
    const listed = await query();
    for (const take of listed) rememberTake(take);
    return { listed, authors: await usersById(listed.map((t) => t.createdBy)), fresh: true };
  }
  const rows = await cachedList(name, key, [LIST_TAGS.takes, ...tags], ttl, async () => {
    const takes = await query();
    const page = { takes, authors: [...(await usersById(takes.map((t) => t.createdBy))).values()] };
    return !keep || (await keep(takes)) ? page : unstored(page);
  });
  return { listed: rows.takes, authors: new Map(rows.authors.map((a) => [String(a._id), a])), fresh: false };
}

/** Rows of a list as its cards show them: their counts as stored now (withLiveCounts), mapped at the request's time (receipts). */
export async function shownTakes({ listed, authors, fresh }: ListedRows): Promise<TakeDTO[]> {
  return withAuthors(fresh ? listed : await withLiveCounts(listed), authors);
}

/** A list through the data cache (cachedRows), every row of it shown. */
export async function cachedTakes(...args: Parameters<typeof cachedRows>): Promise<ListedTakes> {
  const rows = await cachedRows(...args);
  return { takes: await shownTakes(rows), listed: rows.listed };
}

export const since = (range: TimeRange) => {
  const window = TIME_WINDOWS_MS[range];
  return window === null ? null : new Date(Date.now() - window);
};

/** The sort key of a take as its cursor carries it. */
function sortValue(sort: FeedSort, take: TakeRow): number {
  const field = FEED_SORT_FIELDS[sort];
  return field === 'createdAt' ? take.createdAt.getTime() : take[field];
}

export type FeedQuery = { sort: FeedSort; timeRange: TimeRange; limit: number; cursor?: Cursor };

/**
 * The home feed in one of its sorts (lib/discovery/sorts.ts), highest first, paged by
 * (key, _id) so a page never repeats: Hot by score, New by time, Top by likes
 * (within timeRange), Spiciest and Best by their stored keys. Each order has
 * its index in models/take.ts.
 */
export async function listFeed(query: FeedQuery): Promise<{ takes: TakeDTO[]; nextCursor: string | null }> {
  const rows = await feedRows(query);
  return { takes: await shownTakes(rows), nextCursor: rows.nextCursor };
}

/** A page of the feed as listed (listFeed), not yet shown: what a reader's filters judge first. */
export async function feedRows({ sort, timeRange, limit, cursor }: FeedQuery): Promise<
  ListedRows & {
    nextCursor: string | null;
    /** Where a page that ends at this take would continue: its key as the list read it (a reader's filters cut pages). */
    cursorAfter(take: TakeRow): string;
  }
> {
  await dbConnect();
  const field = FEED_SORT_FIELDS[sort];
  const from = sort === 'top' ? since(timeRange) : null;
  const filter = {
    ...(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {}),
    ...below(field, cursor, field === 'createdAt'),
  };
  const rows = await cachedRows(
    'feed',
    [sort, timeRange, limit, cursor ?? null],
    [LIST_TAGS.feed],
    LIST_TTL.hot,
    () =>
      Take.find(filter)
        .sort({ [field]: -1, _id: -1 })
        .limit(limit)
        .lean<TakeRow[]>(),
    // A deeper page is kept at the site's own page size, after a cursor the feed gave.
    cursor ? async () => limit === FEED_PAGE_SIZE && (await takeAtCursor(field, cursor)) : undefined,
  );
  return {
    ...rows,
    nextCursor: nextCursorOf(rows.listed, limit, (take) => sortValue(sort, take)),
    cursorAfter: (take) => encodeCursor(sortValue(sort, take), String(take._id)),
  };
}

/** Whether `cursor` names a take with the sort key it carries: where a page of a list by `field` really ended. */
export async function takeAtCursor(field: (typeof FEED_SORT_FIELDS)[FeedSort], cursor: Cursor): Promise<boolean> {
  const take = await Take.findById(cursor.id)
    .select({ [field]: 1 })
    .lean<Pick<TakeRow, typeof field>>();
  const value = take?.[field];
  return value instanceof Date ? value.getTime() === cursor.value : value === cursor.value;
}

export async function getTake(id: string): Promise<TakeDTO> {
  await dbConnect();
  const take = await Take.findById(id).lean<TakeRow>();
  if (!take) throw notFound('Take not found.');
  rememberTake(take);
  const [dto] = await withAuthors([take]);
  if (!dto) throw notFound('Take not found.');
  return dto;
}

/** null instead of a 404, for pages and metadata. */
export async function findTake(id: string): Promise<TakeDTO | null> {
  const parsed = objectId.safeParse(id);
  if (!parsed.success) return null;
  try {
    return await getTake(parsed.data);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** What a share image draws of a take: its words and what it is about. */
export type DrawnTake = Pick<TakeDTO, '_id' | 'title' | 'description' | 'entity' | 'matchup'>;

/**
 * A take as a share image draws it, through the data cache: a warm read costs no command, where getTake's costs
 * two in a row (the take, then its author) before the drawing can start. A take's words never change once posted;
 * the entry goes with the take's delete, hide and restore (its takeOwner tag) and, with every cached list, when an
 * author starts leaving (LIST_TAGS.takes), so a leaving author's takes draw nothing as soon as their lists show
 * nothing. What it draws is mapped at the request's time (entity names from today's directory); the row's counts
 * are as cached, which is why only the fields drawn come out. An id that names no take is read each time, not kept.
 */
export async function takeToDraw(id: string): Promise<DrawnTake> {
  await dbConnect();
  const found = await cachedList('take-to-draw', [id], [LIST_TAGS.takes, LIST_TAGS.takeOwner(id)], LIST_TTL.lists, async () => {
    const take = await Take.findById(id).lean<TakeRow>();
    if (!take) return unstored(null);
    return { take, author: (await usersById([take.createdBy])).get(String(take.createdBy)) ?? null };
  });
  const authors = new Map(found?.author ? [[String(found.author._id), found.author]] : []);
  const [drawn] = found ? await withAuthors([found.take], authors) : [];
  if (!drawn) throw notFound('Take not found.');
  return { _id: drawn._id, title: drawn.title, description: drawn.description, entity: drawn.entity, matchup: drawn.matchup };
}

export async function getTakeCounts(id: string) {
  await dbConnect();
  const take = await Take.findById(id).select({ likes: 1, dislikes: 1, shares: 1 }).lean<Pick<TakeRow, 'likes' | 'dislikes' | 'shares'>>();
  if (!take) throw notFound('Take not found.');
  return { likes: take.likes, dislikes: take.dislikes, shares: take.shares };
}

/** What posting a take learns of its focus: the team whose fans its split counts, and a game's teams. */
type Focus = { fanTeam: number | null; teams: number[]; matchup: Matchup | null };

/**
 * Whether the focus exists and takes new takes, and the team whose fans the take's split counts: the team itself, or
 * the player's team when it is posted (the take belongs to it for good: a later trade moves neither the take nor its
 * fans' split to the new team). A closed topic keeps its takes and refuses new ones. A game must be on the schedule
 * and within GAME_TAKE_WINDOW_MS of its tip-off; its split counts the author's own team when it plays (the take is
 * filed from that side), else the home team's fans, the crowd the game is played before.
 */
async function findFocus(input: CreateTakeInput, author: LeanUser | undefined, at: Date): Promise<Focus | null> {
  const { entityType: type, focus: id } = input;
  if (type === 'game') {
    const game = typeof id === 'number' ? await gameForTake(id, at) : 'missing';
    if (game === 'missing') return null;
    if (game === 'closed')
      throw badRequest(`Takes on game ${id} are closed: a game takes them from a day and a half before tip-off to as long after.`);
    const side = author?.favoriteTeam;
    const fanTeam = side === game.away || side === game.home ? side : game.home;
    return { fanTeam, teams: [game.away, game.home], matchup: game };
  }
  if (type === 'player') {
    const player = typeof id === 'number' ? await Player.findById(id).select({ teamId: 1 }).lean<Pick<PlayerRow, 'teamId'>>() : null;
    return player && { fanTeam: player.teamId ?? null, teams: player.teamId == null ? [] : [player.teamId], matchup: null };
  }
  if (type === 'team')
    return typeof id === 'number' && (await Team.exists({ _id: id })) !== null ? { fanTeam: id, teams: [id], matchup: null } : null;
  if (typeof id !== 'string') return null;
  const topic = await SpecialTopic.findById(id).select({ name: 1, open: 1 }).lean<Pick<SpecialTopicRow, 'name' | 'open'>>();
  if (topic?.open === false) throw badRequest(`${topic.name} is closed: it takes no new takes.`);
  return topic && { fanTeam: null, teams: [], matchup: null };
}

/**
 * Checks every tag names a real player, team or topic, in three queries at most, and answers the teams they name:
 * tagged teams, and tagged players' teams as they are now, at posting.
 */
async function teamsOfTags(tags: (number | string)[]): Promise<number[]> {
  const numbers = tags.filter((t): t is number => typeof t === 'number');
  const slugs = tags.filter((t): t is string => typeof t === 'string');
  const [players, teams, topics] = await Promise.all([
    numbers.length
      ? Player.find({ _id: mongoose.trusted({ $in: numbers }) })
          .select({ teamId: 1 })
          .lean<Pick<PlayerRow, '_id' | 'teamId'>[]>()
      : [],
    numbers.length
      ? Team.find({ _id: mongoose.trusted({ $in: numbers }) })
          .select({ _id: 1 })
          .lean()
      : [],
    slugs.length
      ? SpecialTopic.find({ _id: mongoose.trusted({ $in: slugs }) })
          .select({ _id: 1 })
          .lean()
      : [],
  ]);
  const known = new Set([...players, ...teams, ...topics].map((d) => String(d._id)));
  const unknown = tags.find((t) => !known.has(String(t)));
  if (unknown !== undefined) throw badRequest(`Unknown tag: ${unknown}.`);
  return [...teams.map((t) => Number(t._id)), ...players.flatMap((p) => (p.teamId == null ? [] : [p.teamId]))];
}

/**
 * Posts a take. `charge` counts it against the author's limits (the route's rate limit) once it is known to be one
 * that can be posted, before anything is written: a take refused for its focus, a tag or its check-back date costs
 * the author nothing, so a fan who picked a closed topic can post the take they meant next.
 */
export async function createTake(authorId: Types.ObjectId, input: CreateTakeInput, charge: () => Promise<void>): Promise<TakeDTO> {
  await dbConnect();
  const at = await now();
  // The author and the focus's name are part of what search finds the take by; the author is mapped from this read
  // too, and a take on a game counts its split for the author's team when it plays.
  const [authors, dir] = await Promise.all([usersById([authorId]), directory()]);
  const author = authors.get(String(authorId));
  const focus = await findFocus(input, author, at);
  if (!focus)
    throw badRequest(`Unknown ${{ player: 'player', team: 'team', special: 'topic', game: 'game' }[input.entityType]}: ${input.focus}.`);
  const tagTeams = await teamsOfTags(input.entityType === 'game' ? input.tags : input.tags.slice(1));
  const createdAt = new Date();
  let checkBackAt: Date | null = null;
  if (input.checkBack) {
    const resolved = resolveCheckBack(input.checkBack, at);
    if ('error' in resolved) throw badRequest(`checkBack: ${resolved.error}`);
    checkBackAt = resolved.at;
  }
  // A call is checked against the league before anything is written, then counts against the day's allowance.
  const call = input.call ? await prepareCall(input.call, at) : null;
  await charge();
  if (checkBackAt) await claimCheckBackSlot(authorId, at);
  if (call) await claimCallSlot(authorId, at);
  const key = entityKey(input.entityType, input.focus);
  const keys = countedKeys(key, focus.matchup, input.entityType === 'player' ? focus.fanTeam : null);
  const focusName = focus.matchup ? gameName(dir, focus.matchup) : (dir.byKey.get(key)?.name ?? '');
  const take = await Take.create({
    title: input.title,
    description: input.description,
    tags: input.tags,
    entityType: input.entityType,
    playerID: input.playerID,
    team: input.team,
    specialID: input.specialID,
    gameID: input.gameID,
    matchup: focus.matchup,
    entityKey: key,
    entityKeys: keys,
    namedTeams: [...new Set([...focus.teams, ...tagTeams])],
    createdBy: authorId,
    ...derivedScores({ likes: 0, dislikes: 0, shares: 0, favorites: 0, commentsCount: 0, createdAt }),
    checkBackAt,
    fanTeam: focus.fanTeam,
    createdAt,
    searchKeys: searchKeys(input.title, input.description, focusName, author?.username ?? ''),
    call: call ? chipOf(call) : null,
  });
  // The call's record, after its take: settlement reads it (lib/data/calls/settlement.ts).
  if (call) await recordCall(take._id, authorId, call, at);
  await carryBlocksOnto('take', take._id, authorId);
  await expireLists(...listsOf({ entityKey: key, entityKeys: keys, createdBy: authorId }));
  rememberTake(take);
  await movingCounters(
    [
      { kind: 'user', id: String(authorId) },
      { kind: 'take', id: String(take._id) },
    ],
    () =>
      Promise.all([
        User.updateOne({ _id: authorId }, { $inc: { postsCount: 1 } }),
        // Every entity the take counts for, in one command: a game's stats and both its teams'.
        EntityStat.bulkWrite(
          keys.map((k) => {
            const [type, id] = splitKey(k);
            return {
              updateOne: {
                filter: { _id: k },
                update: { $inc: { takes: 1 }, $setOnInsert: { entityType: type, entityId: id } },
                upsert: true,
              },
            };
          }),
          { ordered: false },
        ),
      ]),
  );
  const [dto] = await withAuthors([take.toObject()], authors);
  return dto!;
}

/**
 * The author's delete, or a moderator's (lib/data/moderation/moderation.ts). Removes the
 * take's comments, actions, reports, votes and notifications and backs out the
 * counts they fed. A take moderation has hidden is deleted where it waits.
 * A receipt past its first 15 minutes (CALLER_TAKE_BACK_MS) is scored as aged poorly first
 * (lib/data/callers/caller-scoring.ts), except when its author is leaving: their
 * scores go with their account.
 */
export async function deleteTake(
  takeId: string,
  viewerId: Types.ObjectId,
  { moderator = false, leaving = false }: { moderator?: boolean; leaving?: boolean } = {},
): Promise<{ _id: Types.ObjectId; title: string; createdBy: Types.ObjectId }> {
  await dbConnect();
  const take = await Take.findById(takeId).lean<TakeRow>();
  if (!take) return deleteHiddenTake(takeId, viewerId, { moderator, leaving });
  if (!moderator && String(take.createdBy) !== String(viewerId)) throw forbidden('Only the author can delete this take.');
  await markForCheck([{ kind: 'user', id: String(take.createdBy) }, ...statKeysOf(take).map((id) => ({ kind: 'entity' as const, id }))]);
  if (!leaving) {
    const at = await now();
    const by = removedBy(take.createdBy, viewerId, moderator);
    await scoreDeletedReceipt(take, at, by);
    // Before its lock a call is withdrawn; after it, it stays on the record, scored before its reactions go.
    if (take.call) await settleDeletedCall(take, at, by);
  }
  const removed = await Take.findOneAndDelete({ _id: take._id }).lean();
  if (!removed) throw notFound('Take not found.');
  await expireLists(...listsOf(take));
  await Promise.all([
    purgeTakeFacts(take._id),
    User.updateOne({ _id: take.createdBy }, { $inc: { postsCount: -1 } }),
    moveEntityStats(take, entityStatInc({ takes: -1, likes: -take.likes, comments: -take.commentsCount, shares: -take.shares })),
  ]);
  return { _id: take._id, title: take.title, createdBy: take.createdBy };
}

const ENTITY_SORTS = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  likes: { likes: -1, _id: -1 },
  comments: { commentsCount: -1, _id: -1 },
} as const;
export type EntitySort = keyof typeof ENTITY_SORTS;

/**
 * A player's, team's or topic's takes, filtered by time, then sorted (docs/product.md#interactions). A team's are
 * those that belong to it (fanTeam): about the team, and about its players while they played there.
 */
export async function listEntityTakes(
  type: EntityType,
  id: number | string,
  { sort, timeRange, skip, limit }: { sort: EntitySort; timeRange: TimeRange; skip: number; limit: number },
): Promise<ListedTakes> {
  await dbConnect();
  const from = since(timeRange);
  const key = entityKey(type, id);
  // entityKeys: a team's page also holds the takes on its games and its players' takes posted while they played for it
  // (docs/product.md#game-day).
  const filter = { entityKeys: key, ...(from ? { createdAt: mongoose.trusted({ $gte: from }) } : {}) };
  return cachedTakes('entity', skip === 0 ? [key, sort, timeRange, limit] : null, [LIST_TAGS.entity(key)], LIST_TTL.lists, () =>
    Take.find(filter).sort(ENTITY_SORTS[sort]).skip(skip).limit(limit).lean<TakeRow[]>(),
  );
}

export async function listUserTakes(userId: string, { skip, limit }: { skip: number; limit: number }): Promise<ListedTakes> {
  await dbConnect();
  return cachedTakes('author', skip === 0 ? [userId, limit] : null, [LIST_TAGS.author(userId)], LIST_TTL.lists, () =>
    Take.find({ createdBy: userId }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<TakeRow[]>(),
  );
}
