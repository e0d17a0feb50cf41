import type { z } from 'zod';
import type { answers } from '@/lib/client/answers';

/**
 * An answer the API refused, with the message meant for the person using the
 * site: the server's own `{ error }` text when it sent one (`fromServer`), else
 * a generic wording for the status, which a caller may replace with its own.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fromServer = false,
    /** The server wants a recent sign-in first (a step-up challenge, RFC 9470): the fan signs in again, then retries. */
    readonly reauthenticate = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether an answer is the server's step-up challenge (lib/auth.ts assertRecentSignIn): sign in again, then retry. */
export const asksToSignInAgain = (response: Response): boolean =>
  response.status === 401 && (response.headers.get('www-authenticate') ?? '').includes('insufficient_user_authentication');

type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except FormData, which the browser encodes as multipart itself. */
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
};

export type AnswerName = keyof typeof answers;
export type Answer<K extends AnswerName> = z.output<Awaited<ReturnType<(typeof answers)[K]>>>;
type Parsed<K extends AnswerName> = { success: true; data: Answer<K> } | { success: false };
/** A response schema's `safeParse`, run on the page's thread or in the answers' worker (a promise then). */
type Reader<K extends AnswerName> = { safeParse(data: unknown): Parsed<K> | Promise<Parsed<K>> };

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Could not reach the server. Check your connection and try again.',
  400: 'That request was not valid.',
  401: 'Please sign in and try again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That already exists.',
  413: 'That file is too large.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function fallbackMessage(status: number): string {
  return FALLBACK_MESSAGES[status] ?? 'Something went wrong. Please try again.';
}

async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

const onThisThread = <K extends AnswerName>(answer: K): Promise<Reader<K>> =>
  // TypeScript does not narrow the union a keyed call returns to the key's own member.
  import('@/lib/client/answers').then(({ answers: loaders }) => loaders[answer]() as Promise<Reader<K>>);

/**
 * The answer's reader: in the answers' worker where the browser has one (lib/client/answer-worker.ts), so zod never
 * runs on the page's thread; on it where there is none or the worker failed, with the same results.
 */
function loadReader<K extends AnswerName>(answer: K): Promise<Reader<K>> {
  if (typeof Worker === 'undefined') return onThisThread(answer);
  return import('@/lib/client/answer-worker').then(({ remoteReader }) => {
    const remote = remoteReader(answer);
    if (!remote) return onThisThread(answer);
    return remote.then(
      (reader): Reader<K> => ({
        safeParse: (data) =>
          (reader.safeParse(data) as Promise<Parsed<K>>).catch(() => onThisThread(answer).then((local) => local.safeParse(data))),
      }),
      () => onThisThread(answer),
    );
  });
}

/** A body that does not fit its schema is an answer the caller cannot use; schemas that cannot be loaded, a lost connection. */
async function read<K extends AnswerName>(reader: Promise<Reader<K>>, data: unknown, status: number): Promise<Answer<K>> {
  const parsed = await reader
    .then((schema) => schema.safeParse(data))
    .catch(() => {
      throw new ApiError(0, fallbackMessage(0));
    });
  if (!parsed.success) throw new ApiError(status, fallbackMessage(500));
  return parsed.data;
}

/** The server's `{ error }` text, when the body has one. */
export function errorText(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return null;
  const { error } = payload;
  return typeof error === 'string' && error.trim() ? error : null;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls the site's own API. Non-2xx answers (and unreachable servers, status 0)
 * become an ApiError carrying the server's `{ error }` text when it sent one;
 * an aborted request rethrows the AbortError untouched so callers can ignore it.
 * With `answer`, the body is parsed by that response schema (lib/client/answers.ts), loaded while the request is
 * on its way; a 2xx body that does not fit is an ApiError like any unusable answer. Without it, the body is
 * returned as read, for the caller to check.
 */
export function apiFetch<K extends AnswerName>(path: string, options: ApiOptions & { answer: K }): Promise<Answer<K>>;
export function apiFetch(path: string, options?: ApiOptions): Promise<unknown>;
export async function apiFetch(
  path: string,
  { method = 'GET', body, token, signal, answer }: ApiOptions & { answer?: AnswerName } = {},
): Promise<unknown> {
  const readers = answer ? loadReader(answer) : null;
  // Marked handled here: a request that fails first never awaits it.
  readers?.catch(() => undefined);
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, fallbackMessage(0));
  }

  const data = await readJson(response);
  if (!response.ok) {
    const text = errorText(data);
    throw new ApiError(response.status, text ?? fallbackMessage(response.status), text !== null, asksToSignInAgain(response));
  }
  // A 2xx that is not JSON (say, an HTML page where a route is missing) is not an answer the caller can use.
  if (data === undefined && response.status !== 204) throw new ApiError(response.status, fallbackMessage(500));
  if (!readers) return data;
  return read(readers, data, response.status);
}

/** Parses a 2xx body read without apiFetch (a page whose cursor comes in a header) by the named response schema. */
export function parseAnswer<K extends AnswerName>(answer: K, data: unknown, status = 200): Promise<Answer<K>> {
  return read(loadReader(answer), data, status);
}
