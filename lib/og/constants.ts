// The image code's numbers: the preview card's size, the renders an instance runs at once, the entity art it fetches.

export const OG_IMAGE = { width: 1200, height: 630 } as const;
/**
 * Share images rendered at once by one server instance (/api/capture); a request past it is answered 503 with
 * Retry-After at once, never queued. Rendering is CPU work on the instance's own thread.
 */
export const CAPTURE_RENDERS_AT_ONCE = 4;
/**
 * Entity art drawn into the share and preview images, fetched from the storage
 * host (lib/og/entity-art.ts): a render waits at most `timeoutMs` for it, then
 * draws the badge. Kept per process, a failure for a minute so an outage of the
 * host costs one wait, not one per render.
 */
export const ENTITY_ART = {
  timeoutMs: 1500,
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 16_000_000,
  px: 256,
  cacheEntries: 200,
  ttlMs: 60 * 60 * 1000,
  failureTtlMs: 60 * 1000,
} as const;
