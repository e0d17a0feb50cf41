import { ZodError } from 'zod';
import { log } from '@/lib/log';

/** An error whose status and message are meant for the client. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Sign in to do that.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);

/** The database refused a second document with the same unique key: the thing already exists. */
export const isDuplicateKey = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 11000;

/** A lookup that found nothing, for callers that answer null instead of a 404. */
export const isNotFound = (error: unknown): boolean => error instanceof AppError && error.status === 404;

const UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
]);

// A socket the database closed mid-write can surface as a bare Node error that the driver did not wrap.
const SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

function isUnavailable(error: Error): boolean {
  if (UNAVAILABLE.has(error.name)) return true;
  // An unordered bulk write that lost its connection says so as a bulk error with no write error of its own.
  if (error.name === 'MongoBulkWriteError' && !(error as { writeErrors?: unknown[] }).writeErrors?.length) return true;
  if (SOCKET_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return true;
  // Mongoose refuses commands while disconnected when bufferCommands is off.
  return error.name === 'MongooseError' && /initial connection|not connected|client must be connected/i.test(error.message);
}

function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const where = issue.path.filter((p) => typeof p !== 'symbol').join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Turns anything thrown inside a route into the response the client sees. The
 * only place that writes error responses: known errors keep their status and
 * message, everything else is logged and answered without internals.
 */
export function errorResponse(error: unknown, context: { method: string; path: string }): Response {
  const headers = { 'Cache-Control': 'no-store' };
  if (error instanceof AppError) {
    return Response.json({ error: error.message }, { status: error.status, headers: { ...headers, ...error.headers } });
  }
  if (error instanceof ZodError) {
    return Response.json({ error: zodMessage(error) }, { status: 400, headers });
  }
  if (error instanceof Error) {
    if (isDuplicateKey(error)) {
      return Response.json({ error: 'That already exists.' }, { status: 409, headers });
    }
    if (error.name === 'CastError' || error.name === 'BSONError') {
      return Response.json({ error: 'Invalid id.' }, { status: 400, headers });
    }
    if (isUnavailable(error)) {
      return Response.json(
        { error: 'The service is temporarily unavailable. Please try again in a moment.' },
        { status: 503, headers: { ...headers, 'Retry-After': '5' } },
      );
    }
  }
  log.error(
    {
      method: context.method,
      path: context.path,
      err: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    },
    'unexpected error',
  );
  return Response.json({ error: 'Something went wrong' }, { status: 500, headers });
}
