import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp, startLocalDb, stopTree, waitUntil } from '@/tests/support/processes';

// Its own database process and app server, so stopping the database disturbs no other test.
let db: ChildProcess;
let app: { url: string; child: ChildProcess };
let port: number;
const dir = mkdtempSync(path.join(os.tmpdir(), 'takes-outage-'));

const health = async () => {
  const response = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(4000) /* a hanging request fails the test */ });
  return { status: response.status, body: (await response.json()) as { database: string } };
};

beforeAll(async () => {
  port = await freePort();
  db = await startLocalDb(port, dir);
  app = await startApp(`mongodb://127.0.0.1:${port}/takes-outage`);
}, 90_000);

afterAll(() => {
  stopTree(app.child);
  db.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('reports 503 while the database is down and 200 once it is back, without a restart', async () => {
  expect(await health()).toEqual({ status: 200, body: expect.objectContaining({ database: 'up' }) });

  db.kill('SIGKILL');
  await new Promise((resolve) => db.once('exit', resolve));
  const down = await health();
  expect(down).toEqual({ status: 503, body: expect.objectContaining({ database: 'down' }) });

  db = await startLocalDb(port, dir);
  await waitUntil(async () => (await health()).status === 200, 30_000);
  expect((await health()).body.database).toBe('up');
}, 90_000);
