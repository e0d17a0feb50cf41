import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { AppError, badRequest, errorResponse } from '@/lib/errors';

type Params = Record<string, string | string[] | undefined>;
type Context = { params: Promise<Params> };
type Handler = (request: NextRequest, context: Context) => Promise<Response>;

/** Wraps a route handler so every thrown value becomes a proper response. */
export function route(handler: Handler): Handler {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, { method: request.method, path: request.nextUrl.pathname });
    }
  };
}

export function json(data: unknown, status = 200, headers?: Record<string, string>): Response {
  return Response.json(data, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export const JSON_BODY_MAX_BYTES = 32 * 1024;

/** Reads a JSON body (at most 32 KB) and parses it with `schema`. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const text = await request.text();
  if (Buffer.byteLength(text) > JSON_BODY_MAX_BYTES) {
    throw new AppError(413, 'The request body is too large (32 KB at most).');
  }
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

/** Parses the query string; repeated keys keep their last value. */
export function parseQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  return schema.parse(Object.fromEntries(request.nextUrl.searchParams));
}

export async function parseParams<S extends z.ZodType>(context: Context, schema: S): Promise<z.output<S>> {
  return schema.parse(await context.params);
}
