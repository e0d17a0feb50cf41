import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// The Dockerfile and compose.yaml cannot be run on the project's machines (no image can be pulled): what they start is
// tested in tests/multi/deploy.test.ts, and here that they start exactly that, with every variable documented.
const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');
const documented = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  build?: { args?: Record<string, string> };
  profiles?: string[];
};

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('runs the server entry the suites test, as a non-root user, checked by /api/health', () => {
    expect(dockerfile).toMatch(/^CMD \["node", "server\.mjs"\]$/m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/api\/health/m);
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toContain('COPY --from=build --chown=1000:1000 /app/.next/standalone ./');
  });

  it('takes every NEXT_PUBLIC_ value the browser is built with as a build argument, each documented', () => {
    const args = [...dockerfile.matchAll(/^ARG (NEXT_PUBLIC_[A-Z_]+)/gm)].map((m) => m[1]);
    expect(new Set(args)).toEqual(
      new Set([
        'NEXT_PUBLIC_SITE_URL',
        'NEXT_PUBLIC_STORAGE_BASE_URL',
        'NEXT_PUBLIC_FIREBASE_API_KEY',
        'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
        'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
        'NEXT_PUBLIC_FIREBASE_APP_ID',
      ]),
    );
    for (const arg of args) expect(documented).toContain(arg);
  });
});

describe('compose.yaml', () => {
  const services = (parse(read('compose.yaml')) as { services: Record<string, Service> }).services;

  it('runs the app from the Dockerfile, MongoDB 7, the scheduled job and, on request, Redis 7', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'mongo', 'redis', 'scheduler']);
    expect(services.mongo?.image).toBe('mongo:7');
    expect(services.redis).toMatchObject({ image: 'redis:7', profiles: ['redis'] });
    expect(services.scheduler).toMatchObject({ image: 'takes-app', command: ['node', 'scheduler.mjs'] });
    expect(services.app?.image).toBe('takes-app');
    expect(services.scheduler?.environment?.CRON_SECRET).toContain('CRON_SECRET');
  });

  it('passes only documented variables', () => {
    const names = Object.values(services).flatMap((s) => [...Object.keys(s.environment ?? {}), ...Object.keys(s.build?.args ?? {})]);
    for (const name of names) expect(documented).toContain(name);
  });
});
