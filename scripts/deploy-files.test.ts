import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '@/lib/env';
import {
  containerEnv,
  fillIn,
  imageEnv,
  InterpolationError,
  parseDotEnv,
  renderCompose,
  requiredNames,
  type Service,
} from '@/tests/support/compose';

// The Dockerfile and compose.yaml cannot be run on the project's machines (no image can be pulled): what they start is
// tested in tests/multi/compose.test.ts and tests/multi/deploy.test.ts, and here that they start exactly that, from
// .env.example with only the required values filled, every variable documented.
const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const example = read('.env.example');
const documented = new Set(Object.keys(parseDotEnv(example)));

/** What .env.example's Required sections for compose ask for, and nothing else. */
const REQUIRED_FOR_COMPOSE = {
  CRON_SECRET: 'c0ffee'.repeat(6),
  NEXT_PUBLIC_FIREBASE_API_KEY: 'rehearsal-api-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'takes-rehearsal.firebaseapp.com',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'takes-rehearsal',
  FIREBASE_CLIENT_EMAIL: 'server@takes-rehearsal.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
  SITE_DOMAIN: 'takes.example.test',
  MONGO_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
};
const filledExample = (values: Record<string, string>) => fillIn(example, values);

it('fills in exactly what .env.example marks required for compose', () => {
  expect(Object.keys(REQUIRED_FOR_COMPOSE).sort()).toEqual(requiredNames(example, ['every deployment', 'with compose']).sort());
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('runs the server entry the suites test, as a non-root user, checked by /api/health', () => {
    expect(dockerfile).toMatch(/^CMD \["node", "server\.mjs"\]$/m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/api\/health/m);
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toContain('COPY --from=build --chown=1000:1000 /app/.next/standalone ./');
  });

  it('builds in nothing of a deployment, so one image serves any site', () => {
    expect(dockerfile).not.toMatch(/^ARG /m);
    expect(Object.keys(imageEnv(dockerfile)).filter((name) => name.startsWith('NEXT_PUBLIC_'))).toEqual([]);
    expect(imageEnv(dockerfile)).toMatchObject({ NODE_ENV: 'production', PORT: '3000', HOSTNAME: '0.0.0.0' });
  });
});

describe('compose.yaml', () => {
  const dotEnv = filledExample(REQUIRED_FOR_COMPOSE);
  const services = renderCompose(root, dotEnv).project.services as Record<string, Service>;
  const app = services.app!;
  const appEnv = containerEnv(app, { '.env': dotEnv }, imageEnv(read('Dockerfile')));

  it('puts Caddy in front: only the proxy publishes ports, 80 and 443, and the app believes that one proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'mongo', 'proxy', 'redis', 'scheduler']);
    expect(services.proxy).toMatchObject({ image: 'caddy:2', ports: ['80:80', '443:443', '443:443/udp'] });
    expect(services.proxy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(services.proxy?.environment).toMatchObject({ SITE_DOMAIN: 'takes.example.test' });
    for (const name of ['app', 'mongo', 'redis', 'scheduler'])
      expect({ name, ports: services[name]?.ports }).toEqual({ name, ports: undefined });
    expect(appEnv.TAKES_TRUSTED_PROXY_HOPS).toBe('1');
    expect(appEnv).toMatchObject({ PORT: '3000', HOSTNAME: '0.0.0.0' });
    // The Caddyfile serves that domain (and the try-out on http://localhost) from the app's port.
    const caddyfile = read('Caddyfile');
    expect(caddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m);
    expect(caddyfile).toMatch(/^http:\/\/localhost \{$/m);
    expect(caddyfile).toMatch(/^\treverse_proxy app:3000$/m);
  });

  it('gives MongoDB and Redis the passwords from .env, and Redis a memory cap', () => {
    expect(services.mongo?.environment).toMatchObject({
      MONGO_INITDB_ROOT_USERNAME: 'takes',
      MONGO_INITDB_ROOT_PASSWORD: REQUIRED_FOR_COMPOSE.MONGO_PASSWORD,
    });
    expect(appEnv.MONGODB_URI).toBe(`mongodb://takes:${REQUIRED_FOR_COMPOSE.MONGO_PASSWORD}@mongo:27017/takes?authSource=admin`);
    const redis = renderCompose(root, filledExample({ ...REQUIRED_FOR_COMPOSE, REDIS_PASSWORD: 'r3d1s' })).project.services.redis!;
    expect(redis.environment).toMatchObject({ REDIS_PASSWORD: 'r3d1s', REDIS_MAXMEMORY: '256mb' });
    const command = redis.command?.join(' ') ?? '';
    expect(command).toContain(
      'redis-server --requirepass "$REDIS_PASSWORD" --maxmemory "$REDIS_MAXMEMORY" --maxmemory-policy volatile-ttl',
    );
    expect(command).toMatch(/^sh -c test -n "\$REDIS_PASSWORD" \|\| \{/);
  });

  it('passes .env whole to the app, and the app takes what compose renders from .env.example and the required values', () => {
    expect(app.env_file).toBe('.env');
    // Blank lines arrive as empty strings (REDIS_URL, FIREBASE_PROJECT_ID…), which mean unset.
    expect(appEnv.REDIS_URL).toBe('');
    expect(appEnv.FIREBASE_PROJECT_ID).toBe('');
    const env = parseEnv(appEnv);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('https://takes.example.test');
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.MONGODB_URI).toContain('@mongo:27017/takes');
  });

  it('runs the published image, or builds it when there is none, for the app and the scheduled job alike', () => {
    expect(app).toMatchObject({ image: 'takes:local', build: '.' });
    const published = renderCompose(root, filledExample({ ...REQUIRED_FOR_COMPOSE, TAKES_IMAGE: 'ghcr.io/someone/takes:1.2.0' })).project;
    expect(published.services.app?.image).toBe('ghcr.io/someone/takes:1.2.0');
    expect(published.services.scheduler).toMatchObject({ image: 'ghcr.io/someone/takes:1.2.0', command: ['node', 'scheduler.mjs'] });
    expect(services.scheduler?.healthcheck).toEqual({ disable: true });
  });

  it('stops at once when a required value is missing from .env, naming it', () => {
    expect(() => renderCompose(root, example)).toThrow(InterpolationError);
    for (const name of Object.keys(REQUIRED_FOR_COMPOSE).filter((n) => !n.startsWith('FIREBASE_'))) {
      const without = { ...REQUIRED_FOR_COMPOSE, [name]: '' };
      expect(() => renderCompose(root, filledExample(without))).toThrow(new RegExp(`required variable ${name} is missing`));
    }
  });

  it('passes only documented variables', () => {
    const names = Object.values(services).flatMap((s) => Object.keys(s.environment ?? {}));
    const image = new Set(['MONGO_INITDB_ROOT_USERNAME', 'MONGO_INITDB_ROOT_PASSWORD']);
    expect(names.filter((name) => !documented.has(name) && !image.has(name))).toEqual([]);
  });
});
