/**
 * Reads answers off the page's thread (lib/client/answer-worker.ts starts it): zod and the response schemas are
 * loaded, built and run here, so a phone's main thread never evaluates them. On a take's page that evaluation was the
 * largest task after load, coming with the first page of comments.
 */
import { answers } from '@/lib/client/answers';
import type { AnswerAsk, AnswerReply, Parsed } from '@/lib/client/answer-worker';

type Schema = { safeParse(data: unknown): Parsed };

const reply = (message: AnswerReply) => postMessage(message);

addEventListener('message', ({ data: ask }: MessageEvent<AnswerAsk>) => {
  (answers[ask.answer]() as Promise<Schema>).then(
    (schema) => {
      if (!('data' in ask)) return reply({ id: ask.id, loaded: true });
      const parsed = schema.safeParse(ask.data);
      reply({ id: ask.id, loaded: true, parsed: parsed.success ? { success: true, data: parsed.data } : { success: false } });
    },
    () => reply({ id: ask.id, loaded: false }),
  );
});
