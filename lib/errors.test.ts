import { ZodError } from 'zod';
import { AppError, errorResponse } from '@/lib/errors';

const answer = async (error: unknown) => {
  const response = errorResponse(error, { method: 'POST', path: '/api/takes' });
  return { status: response.status, body: (await response.json()) as { error: string } };
};

describe('errorResponse', () => {
  it('keeps an AppError status and message', async () => {
    expect(await answer(new AppError(403, 'Not yours.'))).toEqual({ status: 403, body: { error: 'Not yours.' } });
  });

  it('answers a validation error with its first issue', async () => {
    const error = new ZodError([{ code: 'custom', path: ['title'], message: 'is required', input: undefined }]);
    expect(await answer(error)).toEqual({ status: 400, body: { error: 'title: is required' } });
  });

  it('answers a duplicate key with 409', async () => {
    expect((await answer(Object.assign(new Error('E11000 duplicate key'), { code: 11000 }))).status).toBe(409);
  });

  it.each([
    ['the driver cannot select a server', Object.assign(new Error('timed out'), { name: 'MongoServerSelectionError' })],
    [
      'the database closed the socket mid-write',
      Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    ],
    ['the connection was reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    // What the driver throws for an unordered bulk write (a CounterCheck note) whose database died under it.
    [
      'an unordered bulk write lost its connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoBulkWriteError', writeErrors: [] }),
    ],
  ])('answers 503 when %s, without the driver message', async (_label, error) => {
    const reply = await answer(error);
    expect(reply.status).toBe(503);
    expect(reply.body.error).not.toMatch(/socket|ECONN|timed out/i);
  });

  it('hides anything unexpected behind a 500', async () => {
    expect(await answer(new TypeError('x is undefined'))).toEqual({ status: 500, body: { error: 'Something went wrong' } });
  });
});
