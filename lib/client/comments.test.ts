import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiFetch } from '@/lib/client/api';
import { addCommentError } from './comments';

// A real HTTP server answering as a failing host might: with the API's { error } text, or with none.
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/json-error') {
      response.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Comment text is required.' }));
    } else if (request.url === '/blank-error') {
      response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: '  ' }));
    } else {
      response.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(path: string): Promise<unknown> {
  return apiFetch(`${base}${path}`, { method: 'POST', body: { text: 'x' } }).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('addCommentError', () => {
  it("shows the server's own error text", async () => {
    const error = await failure('/json-error');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fromServer).toBe(true);
    expect(addCommentError(error)).toBe('Comment text is required.');
  });

  it('shows Failed to add comment. when the server gives no error text', async () => {
    for (const path of ['/gateway', '/blank-error']) {
      const error = await failure(path);
      expect((error as ApiError).fromServer).toBe(false);
      expect(addCommentError(error)).toBe('Failed to add comment.');
    }
  });

  it('shows Failed to add comment. when the server cannot be reached', async () => {
    const closed = await new Promise<string>((resolve) => {
      const probe = http.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}/`));
      });
    });
    const error = await apiFetch(closed, { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(addCommentError(error)).toBe('Failed to add comment.');
  });
});
