import type { answers } from '@/lib/client/answers';

type AnswerName = keyof typeof answers;

/** A schema to load (no `data`) or an answer to read by it. */
export type AnswerAsk = { id: number; answer: AnswerName } | { id: number; answer: AnswerName; data: unknown };
/** `loaded: false`: the schema's code could not be fetched. */
export type AnswerReply =
  { id: number; loaded: false } | { id: number; loaded: true; parsed?: { success: true; data: unknown } | { success: false } };

/** What a schema's `safeParse` answers, as the worker sends it back. */
export type Parsed = NonNullable<Extract<AnswerReply, { loaded: true }>['parsed']>;
/** What lib/client/api.ts reads an answer with: a schema's `safeParse`, here run in the worker. */
export type RemoteReader = { safeParse(data: unknown): Promise<Parsed> };

const waiting = new Map<number, { resolve(reply: AnswerReply): void; reject(error: Error): void }>();
let nextId = 0;
/** undefined until first used; null once the browser refused it (no Worker, or its script blocked), for good. */
let worker: Worker | null | undefined;

function started(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./answers.worker.ts', import.meta.url), { name: 'answers' });
  } catch {
    return (worker = null);
  }
  worker.addEventListener('message', ({ data }: MessageEvent<AnswerReply>) => {
    waiting.get(data.id)?.resolve(data);
    waiting.delete(data.id);
  });
  // The worker's script did not load or it failed: what waits is read on the page's thread instead, as is what follows.
  worker.addEventListener('error', () => {
    worker?.terminate();
    worker = null;
    for (const pending of waiting.values()) pending.reject(new Error('answer worker unavailable'));
    waiting.clear();
  });
  return worker;
}

function ask(to: Worker, answer: AnswerName, data?: { data: unknown }): Promise<AnswerReply> {
  // A worker dropped since this reader was made would never answer.
  if (to !== worker) return Promise.reject(new Error('answer worker unavailable'));
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    to.postMessage(data ? { id, answer, data: data.data } : { id, answer });
  });
}

/**
 * A reader for `answer` whose schema loads and runs in a worker, or null where there is none (a browser without
 * workers, or one whose worker failed): the caller then reads on the page's thread. Rejects when the schema's code
 * could not be fetched, as loading it on the page would.
 */
export function remoteReader(answer: AnswerName): Promise<RemoteReader> | null {
  const to = started();
  if (!to) return null;
  return ask(to, answer).then((reply) => {
    if (!reply.loaded) throw new Error(`could not load the ${answer} schema`);
    return {
      safeParse: (data) =>
        ask(to, answer, { data }).then((parsed) => {
          if (!parsed.loaded || !parsed.parsed) throw new Error(`could not read the ${answer} answer`);
          return parsed.parsed;
        }),
    };
  });
}
