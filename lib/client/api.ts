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
export type Answer<K extends AnswerName> = z.output<(typeof answers)[K]>;

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

/**
 * An answer of the site's own server, as its schema types it. The server builds every answer with that schema's type
 * (lib/validation), and `npm test`'s fuzz run checks every answer against the OpenAPI document made of the same
 * schemas (lib/openapi.ts), so a production build hands the body over as it came and ships no zod. In development and tests each answer is parsed by its schema
 * as well, so a server that drifts from its contract shows where the answer is read; a body that does not fit is then
 * an answer the caller cannot use.
 */
async function read<K extends AnswerName>(answer: K, data: unknown, status: number): Promise<Answer<K>> {
  // A branch the bundler drops from a production build whole, the schemas' import with it.
  if (process.env.NODE_ENV !== 'production') {
    const { answers: schemas } = await import('@/lib/client/answers');
    const parsed = schemas[answer].safeParse(data);
    if (!parsed.success) {
      console.error(`The ${answer} answer does not fit its schema:`, parsed.error.issues);
      throw new ApiError(status, fallbackMessage(500));
    }
    return parsed.data as Answer<K>;
  }
  return data as Answer<K>;
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
 * With `answer`, the body is typed by that response schema (lib/client/answers.ts; parsed by it in development
 * and tests). Without it, the body is returned as read, for the caller to check.
 */
export function apiFetch<K extends AnswerName>(path: string, options: ApiOptions & { answer: K }): Promise<Answer<K>>;
export function apiFetch(path: string, options?: ApiOptions): Promise<unknown>;
export async function apiFetch(
  path: string,
  { method = 'GET', body, token, signal, answer }: ApiOptions & { answer?: AnswerName } = {},
): Promise<unknown> {
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
  return answer ? read(answer, data, response.status) : data;
}

/** A 2xx body read without apiFetch (a page whose cursor comes in a header, a poll), typed as apiFetch types one. */
export function parseAnswer<K extends AnswerName>(answer: K, data: unknown, status = 200): Promise<Answer<K>> {
  return read(answer, data, status);
}
