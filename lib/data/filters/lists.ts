import 'server-only';
import { FILTER_FILL_PAGES } from '@/lib/filters/constants';
import type { Reader } from '@/lib/data/filters/reader';
import { SHIELDED_RESULT_TEXT } from '@/lib/calls/calls';
import { matchText, type ShieldedGame, type Judgement } from '@/lib/filters/fan-filters';
import type { CommentDTO, ListedComment } from '@/lib/validation/comments';
import type { LiveGame } from '@/lib/validation/games';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';

/**
 * The reader's step over a list (lib/data/filters/reader.ts): each item judged, and pages filled past what it left
 * out. A collapsed item keeps who wrote it and when, never what it says: its text is in neither the HTML nor the JSON,
 * and reading it by id (the card's "show") fetches it.
 */

/** A take as the reader's list shows it: whole, collapsed behind its reason, or null when it is left out. */
export function listedTake(reader: Reader, take: TakeDTO): ListedTake | null {
  if (!reader.active) return take;
  const judgement = reader.take(take);
  return judgement === 'hide' ? null : shownAs(shieldedCall(reader, take), judgement);
}

/**
 * A take as the reader is shown it whole: while their spoiler shield covers its call's game, a settled call keeps its
 * chip without its result ("settled — hidden until you watch"), whoever wrote it, since the result is the game's.
 */
export function shieldedCall<T extends Pick<TakeDTO, 'call'>>(reader: Reader, take: T): T {
  const call = take.call;
  if (!call || call.game === null || call.result === null || !shieldOver(reader, call.game)) return take;
  return { ...take, call: { ...call, result: 'hidden', reason: null, outcome: SHIELDED_RESULT_TEXT, settledAt: null, final: false } };
}

/** A take the reader's filters let through, as their list shows it: whole, or collapsed behind the judgement's reason. */
export const shownAs = (take: TakeDTO, judgement: Exclude<Judgement, 'hide'>): ListedTake =>
  judgement === 'show' ? take : { _id: take._id, createdAt: take.createdAt, createdBy: take.createdBy, collapsed: judgement };

export const listedTakes = (reader: Reader, takes: TakeDTO[]): ListedTake[] =>
  takes.flatMap((take) => {
    const listed = listedTake(reader, take);
    return listed ? [listed] : [];
  });

/**
 * The judgement on a comment in the thread of `thread` (the take, when the reader shields any game; else null).
 * `reveal`: the reader asked to see this thread, so nothing is collapsed; what they chose to hide stays out.
 */
export function commentJudgement(
  reader: Reader,
  comment: CommentDTO,
  thread: Parameters<Reader['comment']>[1],
  reveal: boolean,
): Judgement {
  if (!reader.active || comment.deleted) return 'show';
  const judgement = reader.comment(
    { author: comment.user._id || null, createdAt: new Date(comment.createdAt), text: matchText(comment.text) },
    thread,
  );
  return reveal && judgement !== 'hide' ? 'show' : judgement;
}

export function listedComment(
  reader: Reader,
  comment: CommentDTO,
  thread: Parameters<Reader['comment']>[1],
  reveal: boolean,
): ListedComment | null {
  const judgement = commentJudgement(reader, comment, thread, reveal);
  if (judgement === 'hide') return null;
  if (judgement === 'show') return comment;
  const { _id, postID, parentComment, user, createdAt, repliesCount } = comment;
  return { _id, postID, parentComment, user, createdAt, repliesCount, collapsed: judgement };
}

/** One read of a keyset list: its items, where the next page starts, and (for lists read at full size) where a cut page would. */
type Round<T, C> = { items: T[]; next: C | null; cutAt?: (item: T) => C };

/**
 * A page of `limit` items the reader is shown, read from `first` on. When the filter leaves items out, the pages
 * after are read too, up to FILTER_FILL_PAGES more, so a page of 10 does not come back with 3. `read` is told how
 * many are still `missing`: a list read through the shared cache reads its whole page anyway (each read is then the
 * one every reader's Load More makes) and gives `cutAt`, where a page cut after an item continues; any other list
 * reads only what is missing, so its own cursor is right. Either way the next page starts right after the last item
 * shown.
 */
export async function fillPage<T, L, C>(
  limit: number,
  first: C | undefined,
  read: (cursor: C | undefined, missing: number) => Promise<Round<T, C>>,
  show: (item: T) => L | null,
): Promise<{ items: L[]; next: C | null }> {
  const items: L[] = [];
  let cursor = first;
  for (let round = 0; ; round += 1) {
    const page = await read(cursor, limit - items.length);
    for (const [at, item] of page.items.entries()) {
      const shown = show(item);
      if (shown === null) continue;
      items.push(shown);
      if (items.length === limit) return { items, next: at < page.items.length - 1 && page.cutAt ? page.cutAt(item) : page.next };
    }
    if (page.next === null || round === FILTER_FILL_PAGES) return { items, next: page.next };
    cursor = page.next;
  }
}

/**
 * The first `want` items the reader is shown of a list read from its top (the lists a page shows "up to page n"
 * of, trending, search), and whether more follow. Read again longer while the filter leaves too many out, up to
 * FILTER_FILL_PAGES more pages' worth. `probe`: read one item more, to tell whether Load More has anything left.
 */
export async function fillTop<T, L>(
  want: number,
  probe: boolean,
  read: (limit: number) => Promise<{ items: T[]; full: boolean }>,
  show: (item: T) => L | null,
): Promise<{ items: L[]; hasMore: boolean }> {
  for (let round = 0; ; round += 1) {
    const { items: rows, full } = await read(want * (round + 1) + (probe ? 1 : 0));
    const items: L[] = [];
    let more = false;
    for (const row of rows) {
      const shown = show(row);
      if (shown === null) continue;
      if (items.length === want) {
        more = true;
        break;
      }
      items.push(shown);
    }
    if (more || !full || round === FILTER_FILL_PAGES || (!probe && items.length === want))
      return { items, hasMore: more || (probe && full) };
  }
}

/** The spoiler shield over one game for the reader right now (from its tip-off until Watched), if any. */
export const shieldOver = (reader: Reader, game: number): ShieldedGame | undefined => reader.filters.shielded.find((g) => g.game === game);

/**
 * The one rule for a game's score (docs/filters.md#a-games-score): while the reader's spoiler shield covers the game,
 * every answer for them goes without it, which would give the result away as surely as a take: the slate, the one
 * game, a game page and its metadata (shownGame), and the live poll an open game page makes (shownLive).
 */
export function shownGame<G extends { id: number; awayScore: number | null; homeScore: number | null }>(reader: Reader, game: G): G {
  return shieldOver(reader, game.id) ? { ...game, awayScore: null, homeScore: null } : game;
}

/** A game's live poll as the reader is shown it (shownGame's rule), saying when the shield keeps the score out. */
export function shownLive(reader: Reader, id: number, live: LiveGame): LiveGame {
  return shieldOver(reader, id) ? { ...live, awayScore: null, homeScore: null, shielded: true } : live;
}
