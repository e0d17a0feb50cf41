import 'server-only';
import { Types } from 'mongoose';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { hiddenAuthorsFor, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { SESSION_COOKIE } from '@/lib/constants';
import { marksOnTakes } from '@/lib/data/reactions/marks';
import { unreadCount } from '@/lib/data/notifications/notifications';
import { getSessionUser } from '@/lib/data/people/users';
import { rolesOf } from '@/lib/data/shared/roles';
import { log } from '@/lib/log';
import type { Marks } from '@/lib/marks';
import { judgeSession } from '@/lib/session';
import type { TakeDTO } from '@/lib/validation/takes';
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
  const verdict = await judgeSession(cookie);
  if (typeof verdict === 'string') return null;
  try {
    const user = await getSessionUser(verdict.uid);
    return { user: { ...user, ...(await rolesOf(verdict)) } };
  } catch (error) {
    // No username yet (404), or the database is down: the page is still worth showing, as to a visitor.
    if ((error as { status?: number }).status !== 404)
      log.warn({ message: error instanceof Error ? error.message : String(error) }, 'viewer could not be loaded');
    return null;
  }
});

/** The reader's marks on a page's takes; null for a visitor, who has none. */
export async function viewerMarks(takes: TakeDTO[]): Promise<Marks | null> {
  const viewer = await getViewer();
  return viewer ? marksOnTakes(viewer.user._id, takes) : null;
}

/** The fans the reader does not see (muted, blocked, or blocking them); none for a visitor. */
export async function viewerHidden(): Promise<ReadonlySet<string>> {
  const viewer = await getViewer();
  return viewer ? hiddenAuthorsFor(viewer.user._id) : new Set();
}

/**
 * A page's takes as the reader may see them. Lists stay cached and shared, so
 * this applies after the cache, and after the page's cursor or "has more" was
 * taken from the rows as read, so a hidden take never ends paging.
 */
export async function viewerVisible<T extends { createdBy: { _id: string } }>(takes: T[]): Promise<T[]> {
  return withoutHiddenTakes(takes, await viewerHidden());
}

/** Whether the reader may see this take (its author is not hidden from them). */
export async function viewerMaySee(take: { createdBy: { _id: string } }): Promise<boolean> {
  return !(await viewerHidden()).has(take.createdBy._id);
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
