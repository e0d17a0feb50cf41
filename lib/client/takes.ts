import type { z } from 'zod';
import { apiFetch, parseAnswer, type Answer } from '@/lib/client/api';
import type { FeedSort } from '@/lib/discovery/sorts';
import type { ReceiptVote } from '@/lib/receipts/receipts';
import type { ReceiptState } from '@/lib/validation/receipts';
import type { ListedTake, reportBody, TakeDTO } from '@/lib/validation/takes';

export type FeedPage = { takes: ListedTake[]; cursor: string | null };
export type FeedOrder = { sort: FeedSort; timeRange: string };

/**
 * One page of the home feed in its order. The next page's cursor travels in
 * the X-Next-Cursor header (absent on the last page), which apiFetch does not
 * expose, hence a plain fetch. With a signed-in fan's token, the page is as
 * their filters show it: those they muted or blocked left out, what their mutes
 * and spoiler shield collapse collapsed (docs/product.md#filters).
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

/** A take as anyone may read it (GET /api/takes/{id}). */
export function getTake(id: string, signal?: AbortSignal): Promise<TakeDTO> {
  return apiFetch(`/api/takes/${encodeURIComponent(id)}`, { signal, answer: 'take' });
}

/** A take as the signed-in fan may read it: its author and the moderators also get it while it is hidden. */
export function getTakeForViewer(id: string, token: string | null): Promise<Answer<'takeForViewer'>> {
  return apiFetch(`/api/takes/${encodeURIComponent(id)}`, { token, answer: 'takeForViewer' });
}

/**
 * Posts a take. The body is the payload of docs/product.md#api as the form builds it (`addType` and `league` too, ids as picked), so the
 * caller checks it with createTakeBody first, the schema the route parses it with.
 */
export function createTake(body: Record<string, unknown>, token: string): Promise<TakeDTO> {
  return apiFetch('/api/takes', { method: 'POST', body, token, answer: 'take' });
}

export async function deleteTake(id: string, token: string): Promise<void> {
  await apiFetch(`/api/takes/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}

export async function reportTake(id: string, body: z.input<typeof reportBody>, token: string): Promise<void> {
  await apiFetch(`/api/takes/${encodeURIComponent(id)}/report`, { method: 'POST', body, token });
}

/** A vote on a take's open receipt; the answer is the receipt after it. */
export function voteOnReceipt(takeId: string, vote: ReceiptVote, token: string): Promise<ReceiptState> {
  return apiFetch(`/api/takes/${encodeURIComponent(takeId)}/receipt`, { method: 'POST', body: { vote }, token, answer: 'receipt' });
}

/** One page of the signed-in fan's Following feed, newest first. */
export function fetchFollowingPage(cursor: string | null, token: string | null): Promise<Answer<'followingPage'>> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiFetch(`/api/takes/following${query}`, { token, answer: 'followingPage' });
}

/**
 * The take's share image (GET /api/capture), as the PNG the server drew. It names the take's own focus and picture,
 * which the server draws by default, so the address is the image's one address (no entityName or entityImage) and
 * is answered without a redirect (lib/og/image-route.ts).
 */
export async function fetchShareImage(takeId: string): Promise<Blob> {
  const response = await fetch(`/api/capture?${new URLSearchParams({ takeID: takeId.toLowerCase() })}`);
  const blob = response.ok ? await response.blob() : null;
  if (!blob?.type.startsWith('image/')) throw new Error('Failed to capture image from server');
  return blob;
}
