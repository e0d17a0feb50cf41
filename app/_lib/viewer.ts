import 'server-only';
import { Types } from 'mongoose';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { fillTop, listedTake } from '@/lib/data/filters/lists';
import { readerFor, type Reader } from '@/lib/data/filters/reader';
import { SESSION_COOKIE } from '@/lib/session';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { unreadCount } from '@/lib/data/notifications/notifications';
import { getSessionUser } from '@/lib/data/people/users';
import { rolesOf } from '@/lib/data/shared/roles';
import { log } from '@/lib/log';
import type { Marks } from '@/lib/reactions/marks';
import { checkSession } from '@/lib/session';
import type { Judgement } from '@/lib/filters/fan-filters';
import { isWholeTake } from '@/lib/filters/listed';
import type { ListedTake, TakeDTO } from '@/lib/validation/takes';
import type { OwnSessionUser } from '@/lib/validation/users';

/** The signed-in fan a page renders for: their session data (as GET /api/users/users/{uid} answers it). */
export type Viewer = { user: OwnSessionUser };

/**
 * Who is reading, from the session cookie, once per request. A missing,
 * forged, expired or revoked cookie, or one whose account has no username yet,
 * is a visitor: the page renders as for anyone (middleware.ts clears a bad
 * cookie on the next document request). Reading cookies makes the page
 * per-request, which every page already is for its CSP nonce; the lists it
 * shows still come from the shared data cache, and only the reader's own state
 * is read after it.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const cookie = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!cookie) return null;
  const session = await checkSession(cookie);
  if (typeof session === 'string') return null;
  try {
    const user = await getSessionUser(session.uid);
    return { user: { ...user, ...(await rolesOf(session)) } };
  } catch (error) {
    // No username yet (404), or the database is down: the page is still worth showing, as to a visitor.
    if ((error as { status?: number }).status !== 404)
      log.warn({ message: error instanceof Error ? error.message : String(error) }, 'viewer could not be loaded');
    return null;
  }
});

/** The reader's marks on the takes a page shows whole; null for a visitor, who has none. */
export async function viewerMarks(takes: ListedTake[]): Promise<Marks | null> {
  const viewer = await getViewer();
  return viewer
    ? marksOnTakes(
        viewer.user._id,
        takes.filter((take) => isWholeTake(take)),
      )
    : null;
}

/** The reader's filters (lib/data/filters/reader.ts): the fans hidden from them and their own mutes and spoiler shield. */
export async function viewerReader(): Promise<Reader> {
  return readerFor((await getViewer())?.user._id ?? null);
}

/**
 * The first `want` takes of a list read from its top ("every page up to this one"), as the reader may see them,
 * read further down while their filters leave some out; and whether Load More has anything left.
 */
export async function viewerTop(
  want: number,
  read: (limit: number) => Promise<{ takes: TakeDTO[]; full: boolean }>,
): Promise<{ takes: ListedTake[]; hasMore: boolean }> {
  const reader = await viewerReader();
  const { items, hasMore } = await fillTop(
    want,
    true,
    async (limit) => {
      const { takes, full } = await read(limit);
      return { items: takes, full };
    },
    (take) => listedTake(reader, take),
  );
  return { takes: items, hasMore };
}

/**
 * What the reader's filters make of one take opened on its own (its page, its poster): 'hide' for one by a fan
 * hidden from them (a 404, as in every list); a reason to ask first, when their mutes or spoiler shield cover it;
 * else 'show'.
 */
export async function viewerJudgement(take: TakeDTO): Promise<Judgement> {
  return (await viewerReader()).opened(take);
}

/** The bell's count for the reader, so the header's first paint carries it; null for a visitor or when it cannot be read. */
export async function viewerUnread(): Promise<number | null> {
  const viewer = await getViewer();
  if (!viewer) return null;
  return unreadCount(new Types.ObjectId(viewer.user._id)).catch((error: unknown) => {
    log.warn({ message: error instanceof Error ? error.message : String(error) }, 'unread count could not be read');
    return null;
  });
}
