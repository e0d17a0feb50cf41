import { toggleQueue, type ToggleQueueOptions } from '@/lib/client/toggle-queue';

type Reaction = 'like' | 'dislike' | null;

/** A server that answers each request when the test says so, and records what it was asked. */
function harness(server: Reaction, token: string | null = 'token') {
  const sent: { to: Reaction; from: Reaction }[] = [];
  const pending: { resolve(answer: number): void; reject(error: Error): void }[] = [];
  const answers: number[] = [];
  const failures: { confirmed: Reaction; shown: Reaction; error: unknown }[] = [];
  const options: ToggleQueueOptions<Reaction, number> = {
    server,
    getToken: () => Promise.resolve(token),
    send: (to, from) => {
      sent.push({ to, from });
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    onAnswer: (answer) => answers.push(answer),
    onFailure: (confirmed, shown, error) => failures.push({ confirmed, shown, error }),
  };
  const push = toggleQueue(() => options);
  // Lets the queue take its next step (a token read, a request's answer).
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { push, sent, pending, answers, failures, settle };
}

describe('toggleQueue', () => {
  it('sends a tap and hands on its answer', async () => {
    const q = harness(null);
    q.push('like');
    await q.settle();
    expect(q.sent).toEqual([{ to: 'like', from: null }]);
    q.pending[0]!.resolve(1);
    await q.settle();
    expect(q.answers).toEqual([1]);
    expect(q.failures).toEqual([]);
  });

  it('keeps one request in flight and sends only the latest intent after it', async () => {
    const q = harness(null);
    q.push('like');
    await q.settle();
    q.push('dislike');
    q.push(null);
    q.push('dislike');
    await q.settle();
    expect(q.sent).toHaveLength(1);
    q.pending[0]!.resolve(1);
    await q.settle();
    expect(q.sent).toEqual([
      { to: 'like', from: null },
      { to: 'dislike', from: 'like' },
    ]);
    // The first answer is stale by then: only the last one is handed on.
    expect(q.answers).toEqual([]);
    q.pending[1]!.resolve(2);
    await q.settle();
    expect(q.answers).toEqual([2]);
  });

  it('sends nothing more when the latest intent is what the server already holds', async () => {
    const q = harness(null);
    q.push('like');
    await q.settle();
    q.push('dislike');
    q.push('like');
    q.pending[0]!.resolve(1);
    await q.settle();
    expect(q.sent).toHaveLength(1);
    expect(q.answers).toEqual([1]);
  });

  it('rolls back to what the server last confirmed when a request fails, and drops what waited', async () => {
    const q = harness('like');
    q.push('dislike');
    await q.settle();
    q.pending[0]!.resolve(1);
    await q.settle();
    q.push(null);
    await q.settle();
    q.push('like');
    const refused = new Error('refused');
    q.pending[1]!.reject(refused);
    await q.settle();
    expect(q.failures).toEqual([{ confirmed: 'dislike', shown: 'like', error: refused }]);
    expect(q.sent).toHaveLength(2);
    // The queue goes on from the confirmed state.
    q.push('like');
    await q.settle();
    expect(q.sent[2]).toEqual({ to: 'like', from: 'dislike' });
  });

  it('rolls back with no error when the fan has no token', async () => {
    const q = harness(null, null);
    q.push('like');
    await q.settle();
    expect(q.sent).toEqual([]);
    expect(q.failures).toEqual([{ confirmed: null, shown: 'like', error: null }]);
  });
});
