import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { call } from '@/tests/support/api';

/** Every route.ts under app/, as [method, path] with dynamic segments in OpenAPI form. */
function routeFiles(dir: string, found: [string, string][] = []): [string, string][] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) routeFiles(full, found);
    else if (/^route\.tsx?$/.test(entry)) {
      const urlPath = path
        .relative('app', path.dirname(full))
        .split(path.sep)
        .map((s) => s.replace(/^\[(\w+)\]$/, '{$1}'))
        .join('/');
      for (const [, method] of readFileSync(full, 'utf8').matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)) {
        found.push([method!.toLowerCase(), `/${urlPath}`]);
      }
    }
  }
  return found;
}

it('documents every API route in /api/openapi.json', async () => {
  const reply = await call('GET', '/api/openapi.json');
  expect(reply.status).toBe(200);
  expect(reply.body.openapi).toBe('3.1.0');
  const routes = routeFiles('app').filter(([, p]) => p.startsWith('/api/') || p === '/upload-profile-picture' || p.startsWith('/media/'));
  expect(routes.length).toBeGreaterThan(25);
  const missing = routes.filter(([method, p]) => !reply.body.paths[p]?.[method]);
  expect(missing).toEqual([]);
});
