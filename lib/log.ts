import pino from 'pino';

/**
 * One JSON line per event. Only the fields named at each call site are
 * written: never headers, bodies, tokens, passwords or emails.
 */
export const log = pino({
  // Empty means unset, as everywhere the environment is read (docs/configuration.md).
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: ['authorization', 'token', 'password', 'email', '*.authorization', '*.token', '*.password', '*.email'], remove: true },
});

const viewers = new WeakMap<Request, string>();

/** Remembers who made a request, for its log line. */
export function noteViewer(request: Request, uid: string) {
  viewers.set(request, uid);
}

export function viewerOf(request: Request): string | undefined {
  return viewers.get(request);
}

/**
 * Tells the server entry (server.mjs) that this request's line is written, so it writes none: route() logs every route
 * handler's request with its viewer, server.mjs every other (pages). Without server.mjs (Vercel) there is no set.
 */
export function noteLogged(requestId: string) {
  (globalThis as { [key: symbol]: Set<string> | undefined })[Symbol.for('takes.logged-requests')]?.add(requestId);
}
