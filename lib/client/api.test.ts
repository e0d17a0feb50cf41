import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiFetch, parseAnswer } from '@/lib/client/api';

// A real HTTP server answering as the API does, and as it must not.
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/counts') json(200, { likes: 3, dislikes: 1, shares: 2, extra: 'dropped' });
    else if (request.url === '/counts-drifted') json(200, { likes: '3', dislikes: 1 });
    else json(404, { error: 'Not here.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A body that does not fit its schema is also logged, with what did not fit, for the developer.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('apiFetch with a named answer, in development and tests', () => {
  it('answers what the schema reads, and only that', async () => {
    await expect(apiFetch(`${base}/counts`, { answer: 'actionCounts' })).resolves.toEqual({ likes: 3, dislikes: 1, shares: 2 });
  });

  it('refuses a 2xx body that does not fit, with the wording of an unusable answer', async () => {
    const error = await apiFetch(`${base}/counts-drifted`, { answer: 'actionCounts' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).fromServer).toBe(false);
    expect(console.error).toHaveBeenCalledWith('The actionCounts answer does not fit its schema:', expect.any(Array));
  });

  it("keeps the server's refusal as it was", async () => {
    const error = await apiFetch(`${base}/missing`, { answer: 'actionCounts' }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Not here.');
  });

  it('hands back the body as read when no answer is named', async () => {
    await expect(apiFetch(`${base}/counts-drifted`)).resolves.toEqual({ likes: '3', dislikes: 1 });
  });
});

describe('a production build', () => {
  const mode = process.env.NODE_ENV;
  // Read when an answer is, as a production bundle has it inlined.
  const setMode = (value: string | undefined) => Object.assign(process.env, { NODE_ENV: value });
  beforeEach(() => setMode('production'));
  afterEach(() => setMode(mode));

  it("hands its own server's answer over as sent, with no schema to load", async () => {
    await expect(apiFetch(`${base}/counts`, { answer: 'actionCounts' })).resolves.toEqual({
      likes: 3,
      dislikes: 1,
      shares: 2,
      extra: 'dropped',
    });
    await expect(parseAnswer('unreadAnswer', { unread: 4 })).resolves.toEqual({ unread: 4 });
  });

  it("still keeps the server's refusal as it was", async () => {
    const error = await apiFetch(`${base}/missing`, { answer: 'actionCounts' }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Not here.');
  });
});

describe('parseAnswer', () => {
  it('reads a body fetched elsewhere by the named schema', async () => {
    await expect(parseAnswer('unreadAnswer', { unread: 4 })).resolves.toEqual({ unread: 4 });
    await expect(parseAnswer('unreadAnswer', { unread: 'four' })).rejects.toBeInstanceOf(ApiError);
  });
});
