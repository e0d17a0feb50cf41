import { z } from 'zod';
import { siteUrlFrom } from '@/lib/public-env';

/**
 * Every server-side environment variable, parsed once. A missing or malformed
 * value stops the server at start-up (instrumentation.ts, run by server.mjs
 * before it listens) with one message naming every such variable. The browser's
 * values (NEXT_PUBLIC_*) are handed to it by lib/public-env.ts; the ones a real
 * deployment cannot do without are checked here too.
 */
const hostPort = z.string().regex(/^[\w.-]+:\d{2,5}$/, 'must look like host:port, e.g. 127.0.0.1:9099');
const flag = z
  .enum(['0', '1'])
  .optional()
  .transform((v) => v === '1');

/** MongoDB's connection string: mongodb:// or mongodb+srv://. */
const mongodbUri = z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must start with mongodb:// or mongodb+srv://');

/**
 * Every variable this file reads, with what it means: `.env.example` and docs/configuration.md name each one with the
 * same meaning (scripts/configuration.test.ts holds the three together).
 */
export const variables = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('set by the server itself (`server.mjs`: production, or development with `--dev`); not set by hand'),
  MONGODB_URI: mongodbUri
    .optional()
    .describe(
      'MongoDB 7+/Atlas connection string; unset locally (the local engine is started). A URI without a database name uses `takes`',
    ),
  MONGODB_DB: z
    .string()
    .regex(/^[\w-]{1,63}$/, 'must be a database name (letters, digits, _ and -)')
    .optional()
    .describe("the database's name, when it is not the one in `MONGODB_URI`'s path"),
  MONGODB_URI_PREVIEW: mongodbUri
    .optional()
    .describe(
      'the database of a preview deployment (`VERCEL_ENV` other than `production`, or `TAKES_PREVIEW=1`), which never uses `MONGODB_URI`; a preview without it refuses to start',
    ),
  MONGODB_MAX_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(5)
    .describe("connections each instance may open to the database (default 5); instances × pool stay under the cluster's limit"),
  MONGODB_MAX_IDLE_TIME_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .describe('how long an idle database connection is kept, in ms (default 10000)'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
    .optional()
    .describe(
      "self-hosting several instances: the Redis 7 that holds Next's data cache and its tags, e.g. `redis://:password@redis:6379`; unset for one instance and on Vercel",
    ),
  NEXT_PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://takes.example.com' })
    .optional()
    .describe(
      "the site's public address, for canonical links, Open Graph tags and the sitemap; read when the server starts, so one build serves any site. Unset: `https://` and `SITE_DOMAIN`, or on Vercel the production domain",
    ),
  SITE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, 'must be a domain name, e.g. takes.example.com (or localhost for a try-out)')
    .optional()
    .describe(
      "self-hosted with compose: the domain the proxy (Caddy) serves and gets a certificate for; the site's address is `https://` and it unless `NEXT_PUBLIC_SITE_URL` says otherwise (`localhost`: a try-out at http://localhost)",
    ),
  VERCEL_PROJECT_PRODUCTION_URL: z
    .string()
    .min(1)
    .optional()
    .describe("set by Vercel: the project's production domain, the site's address when `NEXT_PUBLIC_SITE_URL` is unset"),
  NEXT_PUBLIC_STORAGE_BASE_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s/?#]+|\/(?!\/))[^\s?#]*$/, 'must be an http(s) URL or a path starting with /, without a query')
    .default('/storage')
    .describe(
      'where entity images live (`current-players/{id}.png`, `teams/{id}.svg`, `special-topics/{id}.png`); default `/storage`, generated art served by the app. Read when the server starts, for the browser and the share and preview images',
    ),
  NEXT_PUBLIC_FIREBASE_API_KEY: z.string().min(1).optional().describe("the Firebase web app's API key (its config), handed to the browser"),
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: z
    .string()
    .min(1)
    .optional()
    .describe("the Firebase web app's auth domain (its config), handed to the browser"),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: z
    .string()
    .min(1)
    .optional()
    .describe("the Firebase web app's project id (its config), handed to the browser"),
  NEXT_PUBLIC_FIREBASE_APP_ID: z
    .string()
    .min(1)
    .optional()
    .describe("the Firebase web app's app id (its config), handed to the browser; optional"),
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{2,5}$/, 'must look like host:port, e.g. 127.0.0.1:9099')
    .optional()
    .describe('host:port of the Auth emulator the browser signs in with; set by `npm run dev` and `npm test` only'),
  FIREBASE_PROJECT_ID: z
    .string()
    .min(1)
    .optional()
    .describe('the Firebase project whose ID tokens the server accepts (default `NEXT_PUBLIC_FIREBASE_PROJECT_ID`)'),
  FIREBASE_CLIENT_EMAIL: z
    .email()
    .optional()
    .describe(
      "the service account's `client_email` (Project settings → Service accounts); required in production unless `GOOGLE_APPLICATION_CREDENTIALS` is set",
    ),
  FIREBASE_PRIVATE_KEY: z
    .string()
    .includes('PRIVATE KEY', { message: 'must be a PEM private key' })
    .optional()
    .describe("the service account's `private_key`, its newlines written as `\\n` on one line; required with `FIREBASE_CLIENT_EMAIL`"),
  GOOGLE_APPLICATION_CREDENTIALS: z
    .string()
    .min(1)
    .optional()
    .describe('a service account key file instead of `FIREBASE_CLIENT_EMAIL` and `FIREBASE_PRIVATE_KEY` (Google’s own hosts set it)'),
  FIREBASE_AUTH_EMULATOR_HOST: hostPort
    .optional()
    .describe('host:port of the Auth emulator firebase-admin trusts; its tokens are unsigned, so a production server refuses it…'),
  TAKES_ALLOW_AUTH_EMULATOR: flag.describe('…unless this is `1` (local production builds in `npm test` only; never on a real deployment)'),
  TAKES_TEST_CLOCK: flag.describe(
    '`1` lets a request move the server’s clock (`X-Takes-Test-Now`) so tests open receipts without waiting; refused without the auth emulator',
  ),
  TAKES_ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be email addresses separated by commas')))
    .describe(
      'the administrators by email, comma-separated, once Firebase has verified that the account owns it: they moderate, name moderators in `/moderation` and run the league console',
    ),
  TAKES_ADMIN_UIDS: z
    .string()
    .regex(/^\s*([\w-]{1,128}\s*(,\s*[\w-]{1,128}\s*)*)?$/, 'must be Firebase uids separated by commas')
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((uid) => uid.trim())
        .filter(Boolean),
    )
    .describe(
      'the administrators by Firebase uid, comma-separated; wherever the local emulator runs the demo moderator (`demo-commish`) is the default',
    ),
  CRON_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters (a long random string)')
    .regex(/^\S+$/, 'must not contain spaces')
    .optional()
    .describe(
      'the bearer secret of the scheduled job, `GET /api/cron` (Vercel Cron and `scheduler.mjs` send it); required in production, at least 16 characters (`openssl rand -hex 32`)',
    ),
  VERCEL: flag.describe('set to `1` by Vercel: its own `x-vercel-forwarded-for` header then names the client'),
  VERCEL_ENV: z
    .enum(['production', 'preview', 'development'])
    .optional()
    .describe(
      'set by Vercel: `production`, `preview` or `development`; anything but `production` is a preview, which uses `MONGODB_URI_PREVIEW`',
    ),
  TAKES_PREVIEW: flag.describe(
    '`1` marks a self-hosted preview or staging deployment, which uses `MONGODB_URI_PREVIEW` as a Vercel preview does',
  ),
  TAKES_TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int('must be a whole number of proxies')
    .min(0)
    .max(10)
    .default(0)
    .describe(
      'self-hosted behind proxies: how many of them append to `X-Forwarded-For` (compose: 1, its Caddy); default 0, no header is believed. Not needed on Vercel',
    ),
  RATE_LIMIT_SCALE: z.coerce
    .number()
    .positive()
    .max(10_000)
    .default(1)
    .describe('multiplies every abuse limit (default 1); `npm test` raises it for the suites that are not about limits'),
  TAKES_SCHEMA_LEASE_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(2)
    .max(3600)
    .default(60)
    .describe('how long the instance applying a new schema holds its lease, in seconds (default 60; renewed while it works)'),
  KEEP_ALIVE_TIMEOUT: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(1000)
    .optional()
    .describe("read by `server.mjs`: how long an idle keep-alive connection is kept, in ms (default 125000, longer than the proxy's)"),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url("must be the collector's http(s) address, e.g. http://otel-collector:4318")
    .optional()
    .describe(
      "an OpenTelemetry collector's OTLP/HTTP base address: each request's trace (Next's spans and one per database command) is exported to `<address>/v1/traces`; unset, no tracing is loaded. `OTEL_EXPORTER_OTLP_PROTOCOL`, `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_SERVICE_NAME` and `OTEL_TRACES_SAMPLER` are read as OpenTelemetry names them",
    ),
  TAKES_QUERY_LOG: z
    .string()
    .min(1)
    .optional()
    .describe(
      'a file the server appends one line per database command to (shape, documents returned); `npm test` and `npm run bench` set it',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .describe(
      'the server log’s level (default `info`, `warn` under tests); `debug` adds why each refused token or session cookie was refused',
    ),
});

/** Whether this deployment is a preview (docs/deploy.md, "Previews"): it must never touch production's database. */
const isPreview = (env: { VERCEL_ENV?: string; TAKES_PREVIEW: boolean }) =>
  env.TAKES_PREVIEW || (env.VERCEL_ENV !== undefined && env.VERCEL_ENV !== 'production');

/** The database a URI names in its path ('' for none), which the driver would otherwise replace with `test`. */
const databaseIn = (uri: string) => /^mongodb(?:\+srv)?:\/\/[^/]*\/?([^?]*)/.exec(uri)?.[1] ?? '';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

const schema = variables
  .superRefine(
    (env, ctx) => {
      const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      // A preview's first request would apply its schema, migrations and league load to the database it names: never
      // production's, which Vercel's preview deployments get by default (the Deploy button's variables reach them).
      if (isPreview(env)) {
        const marker = env.TAKES_PREVIEW ? 'TAKES_PREVIEW=1' : `VERCEL_ENV=${env.VERCEL_ENV}`;
        if (!env.MONGODB_URI_PREVIEW) {
          missing(
            'MONGODB_URI_PREVIEW',
            `is required on a preview deployment (${marker}): a database of its own, which it prepares instead of MONGODB_URI's (docs/deploy.md, "Previews")`,
          );
        } else if (env.MONGODB_URI_PREVIEW === env.MONGODB_URI) {
          missing('MONGODB_URI_PREVIEW', `must name another database than MONGODB_URI (${marker})`);
        }
      } else if (!env.MONGODB_URI) {
        missing('MONGODB_URI', 'is required (npm run dev and npm test set it to the local database)');
      }
      // Emulator tokens are unsigned: a production server that trusts them accepts forged identities.
      if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST && !env.TAKES_ALLOW_AUTH_EMULATOR) {
        missing(
          'FIREBASE_AUTH_EMULATOR_HOST',
          'must not be set in production (set TAKES_ALLOW_AUTH_EMULATOR=1 only for local production builds)',
        );
      }
      // A clock a client can set would let anyone open receipts early: it rides on the emulator's guard.
      if (env.TAKES_TEST_CLOCK && !env.FIREBASE_AUTH_EMULATOR_HOST) {
        missing('TAKES_TEST_CLOCK', 'is for tests only and needs FIREBASE_AUTH_EMULATOR_HOST');
      }
      // Without it the scheduled job refuses every request, and receipts' verdicts would reach nobody by time.
      if (env.NODE_ENV === 'production' && !env.CRON_SECRET) {
        missing('CRON_SECRET', 'is required in production (the scheduled job checks it)');
      }
      if (!env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID && !env.NEXT_PUBLIC_FIREBASE_PROJECT_ID) {
        missing('FIREBASE_PROJECT_ID', 'is required outside the auth emulator');
      }
      // A real deployment (production, real Firebase): what it cannot serve without, named all at once (docs/deploy.md).
      if (env.NODE_ENV !== 'production' || env.FIREBASE_AUTH_EMULATOR_HOST) return;
      if (!env.GOOGLE_APPLICATION_CREDENTIALS) {
        // Checking that a token's account still exists (checkRevoked) and minting session cookies need the service account.
        if (!env.FIREBASE_CLIENT_EMAIL)
          missing('FIREBASE_CLIENT_EMAIL', 'is required in production (the service account: Project settings → Service accounts)');
        if (!env.FIREBASE_PRIVATE_KEY) missing('FIREBASE_PRIVATE_KEY', "is required in production (the service account key's private_key)");
      }
      // The browser signs in with these; the server hands them to every page.
      for (const name of ['NEXT_PUBLIC_FIREBASE_API_KEY', 'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN', 'NEXT_PUBLIC_FIREBASE_PROJECT_ID'] as const) {
        if (!env[name]) missing(name, "is required in production (the Firebase web app's config)");
      }
      // No stand-in address: canonical links and the sitemap would name it. Only the try-out on the machine itself is
      // plain HTTP, which browsers treat as secure; anywhere else the session cookie (Secure) needs HTTPS.
      const site = siteUrlFrom(env);
      if (!site) {
        missing(
          'NEXT_PUBLIC_SITE_URL',
          'is required in production (the public address, e.g. https://takes.example.com), or SITE_DOMAIN behind compose',
        );
      } else if (URL.canParse(site) && new URL(site).protocol === 'http:' && !LOOPBACK.test(new URL(site).hostname)) {
        missing('NEXT_PUBLIC_SITE_URL', `must be https:// in production, not ${site} (the session cookie is Secure)`);
      }
    },
    // Also when a variable above is malformed, so one message names every problem at once.
    { when: () => true },
  )
  .transform(({ VERCEL_PROJECT_PRODUCTION_URL, SITE_DOMAIN, MONGODB_URI_PREVIEW, ...env }) => {
    // The preview's own database, checked above; a preview never holds production's address at all.
    const uri = (isPreview(env) ? MONGODB_URI_PREVIEW : env.MONGODB_URI) as string;
    return {
      ...env,
      MONGODB_URI: uri,
      // The driver's default database for a URI that names none is `test`.
      MONGODB_DB: env.MONGODB_DB ?? (databaseIn(uri) ? undefined : 'takes'),
      NEXT_PUBLIC_SITE_URL: siteUrlFrom({ ...env, VERCEL_PROJECT_PRODUCTION_URL, SITE_DOMAIN }) ?? 'http://localhost:3000',
    };
  });

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {}

/** Parses a set of variables; throws an EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable is one not set: compose's `${X:-}`, an env_file's blank lines and `.env.example` give empty ones.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = schema.safeParse(set);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'} ${issue.message}`);
  throw new EnvError(`Invalid environment: ${lines.length} variable${lines.length === 1 ? '' : 's'} to fix\n${lines.join('\n')}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
