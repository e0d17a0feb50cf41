import { parseAnswer } from '@/lib/client/api';
import type { FeedSort } from '@/lib/sorts';
import type { TakeDTO } from '@/lib/validation/takes';

export type FeedPage = { takes: TakeDTO[]; cursor: string | null };
export type FeedOrder = { sort: FeedSort; timeRange: string };

/**
 * One page of the home feed in its order. The next page's cursor travels in
 * the X-Next-Cursor header (absent on the last page), which apiFetch does not
 * expose, hence a plain fetch. With a signed-in fan's token, the page leaves
 * out those they have muted or blocked.
 */
export async function fetchFeedPage(
  order: FeedOrder,
  cursor?: string | null,
  signal?: AbortSignal,
  token?: string | null,
): Promise<FeedPage> {
  // The API's defaults (hot, all time) are left out, so the plain feed asks for plain /api/takes.
  const query = new URLSearchParams();
  if (order.sort !== 'hot') query.set('sort', order.sort);
  if (order.sort === 'top' && order.timeRange !== 'all') query.set('timeRange', order.timeRange);
  if (cursor) query.set('cursor', cursor);
  const response = await fetch(query.size ? `/api/takes?${query}` : '/api/takes', {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!response.ok) throw new Error(`GET /api/takes answered ${response.status}`);
  return { takes: await parseAnswer('takeList', await response.json()), cursor: response.headers.get('X-Next-Cursor') };
}

/** The name of the window event the Create New Take modal dispatches with the new take as detail. */
export const TAKE_CREATED_EVENT = 'takes:created';
