import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { CAPTURE_RENDERS_AT_ONCE } from '@/lib/og/constants';
import { AppError } from '@/lib/errors';

/**
 * Renders under way in this process. Process memory by nature, and that is the point: the cap protects this
 * instance's CPU and memory, whatever the other instances are doing (the per-client limits, kept in the database,
 * bound what one client gets across all of them).
 */
let rendering = 0;

/**
 * Runs one image render (a share image or a preview card: renderPng in lib/og/render.tsx) if this instance has a
 * free slot; past CAPTURE_RENDERS_AT_ONCE it answers 503 with Retry-After at once, so a burst costs a refusal each,
 * never a queue that grows with it.
 */
export async function inRenderSlot<T>(render: () => Promise<T>): Promise<T> {
  if (rendering >= CAPTURE_RENDERS_AT_ONCE) {
    throw new AppError(503, 'Too many share images are being made right now. Please try again in a moment.', { 'Retry-After': '2' });
  }
  rendering += 1;
  try {
    return await render();
  } finally {
    rendering -= 1;
  }
}

/**
 * What a request's renders wait for before drawing: its image route's rate limit (lib/og/image-route.ts), which
 * runs beside the route's reads. A render outside an image route (the badges, lib/og/badge-png.tsx) has none.
 */
const permits = new AsyncLocalStorage<Promise<void>>();

export const withRenderPermit = <T>(permit: Promise<void>, run: () => Promise<T>): Promise<T> => permits.run(permit, run);

/** Resolves once this request may draw; rejects with its 429 when it may not. */
export const renderPermit = (): Promise<void> => permits.getStore() ?? Promise.resolve();
