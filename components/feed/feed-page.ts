import type { TakeDTO } from '@/lib/data/mappers';

export type FeedPage = { takes: TakeDTO[]; cursor: string | null };

/**
 * One page of the home feed. The next page's cursor travels in the
 * X-Next-Cursor header (absent on the last page), which apiFetch does not
 * expose, hence a plain fetch.
 */
export async function fetchFeedPage(cursor?: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const response = await fetch(cursor ? `/api/takes?cursor=${encodeURIComponent(cursor)}` : '/api/takes', {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET /api/takes answered ${response.status}`);
  return { takes: (await response.json()) as TakeDTO[], cursor: response.headers.get('X-Next-Cursor') };
}

/** The name of the window event the Create New Take modal dispatches with the new take as detail. */
export const TAKE_CREATED_EVENT = 'takes:created';
