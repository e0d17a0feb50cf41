import { createHash } from 'node:crypto';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { LIVE_CDN_SECONDS } from '@/lib/notifications/constants';
import { AppError, badRequest, errorResponse } from '@/lib/errors';
import { log, noteLogged, viewerOf } from '@/lib/log';
import { readCapped } from '@/lib/read-capped';

type Params = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<Params> };
type Handler = (request: NextRequest, context: RouteContext) => Promise<Response>;

/**
 * Wraps a route handler so every thrown value becomes a proper response, and
 * writes one structured log line per request.
 */
export function route(handler: Handler): Handler {
  return async (request, context) => {
    const started = performance.now();
    // The client's own id when it sent one (a proxy's, to follow a request across hops), else a fresh one.
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error, { method: request.method, path: request.nextUrl.pathname });
    }
    log.info({
      method: request.method,
      path: request.nextUrl.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      requestId,
      user: viewerOf(request),
    });
    noteLogged(requestId);
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
}

export function json(data: unknown, status = 200, headers?: Record<string, string>): Response {
  return Response.json(data, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export const JSON_BODY_MAX_BYTES = 32 * 1024;

/** Reads a body up to `limit` bytes and stops there with a 413 (lib/read-capped.ts). */
export async function readLimited(request: Request, limit: number, tooLarge: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCapped(request, limit);
  if (!bytes) throw new AppError(413, tooLarge);
  return new Uint8Array(bytes);
}

/** Reads a JSON body (at most 32 KB) and parses it with `schema`. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const bytes = await readLimited(request, JSON_BODY_MAX_BYTES, 'The request body is too large (32 KB at most).');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The request body must be UTF-8 text.');
  }
  // NUL never belongs in a title or comment and truncates strings in some downstream tools.
  if (text.includes('\u0000') || /\\u0000/i.test(text)) throw badRequest('The request body must not contain NUL characters.');
  let data: unknown = {};
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest('The request body must be valid JSON.');
    }
  }
  return schema.parse(data);
}

function refuseNul(values: Iterable<unknown>, where: string) {
  for (const value of values) {
    if (typeof value === 'string' && value.includes('\u0000')) throw badRequest(`The ${where} must not contain NUL characters.`);
  }
}

/** Parses the query string; repeated keys keep their last value. */
export function parseQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const query = Object.fromEntries(request.nextUrl.searchParams);
  refuseNul(Object.values(query), 'query string');
  return schema.parse(query);
}

export async function parseParams<S extends z.ZodType>(context: RouteContext, schema: S): Promise<z.output<S>> {
  const params = await context.params;
  refuseNul(Object.values(params), 'address');
  return schema.parse(params);
}

const STREAM_ENCODER = new TextEncoder();

/**
 * A download streamed as it is produced: `chunks` is pulled only as fast as
 * the client reads, so a large answer never sits whole in memory. A failure
 * midway cuts the stream, which the client sees as a failed download.
 */
export function download(chunks: AsyncGenerator<string>, filename: string, contentType: string): Response {
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(STREAM_ENCODER.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
  });
}

/**
 * The Cache-Control of a public poll: the browser asks again each time (and
 * gets a 304 when nothing changed), a CDN answers for a few seconds itself and
 * a little longer stale while it asks, so a thousand tabs polling the same
 * answer reach the server a few times a minute per edge.
 */
export const PUBLIC_POLL = `public, max-age=0, s-maxage=${LIVE_CDN_SECONDS.fresh}, stale-while-revalidate=${LIVE_CDN_SECONDS.stale}`;

/**
 * A small answer that clients poll: with a strong ETag over its body, and a
 * 304 without the body when the client's If-None-Match already names it, so a
 * poll that finds nothing new costs a few hundred bytes. `cacheControl` says
 * who may keep it: a CDN for a few seconds where it is public, only the
 * browser where it is the viewer's own.
 */
export function conditionalJson(request: Request, data: unknown, cacheControl: string): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = { 'Cache-Control': cacheControl, ETag: etag };
  // If-None-Match compares weakly (RFC 9110 13.1.2): a CDN that weakened the tag still matches.
  const asked = request.headers.get('if-none-match');
  const matches = asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  if (matches) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': 'application/json' } });
}
