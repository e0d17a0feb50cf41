import { z } from 'zod';

/**
 * Every server-side environment variable, parsed once. A missing or malformed
 * value stops the server at start-up (instrumentation.ts, run by server.mjs
 * before it listens) with one message naming every such variable. Public
 * (NEXT_PUBLIC_*) values live in lib/public-env.ts; the ones a real deployment
 * cannot do without are checked here too.
 */
const hostPort = z.string().regex(/^[\w.-]+:\d{2,5}$/, 'must look like host:port, e.g. 127.0.0.1:9099');
const flag = z
  .enum(['0', '1'])
  .optional()
  .transform((v) => v === '1');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    MONGODB_URI: z
      .string({ error: 'is required (npm run dev and npm test set it to the local database)' })
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must start with mongodb:// or mongodb+srv://'),
    MONGODB_DB: z
      .string()
      .regex(/^[\w-]{1,63}$/, 'must be a database name (letters, digits, _ and -)')
      .optional(),
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    // A service account file instead of FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY (Google's own hosts set it).
    GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
    FIREBASE_CLIENT_EMAIL: z.email().optional(),
    FIREBASE_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
    TAKES_ALLOW_AUTH_EMULATOR: flag,
    // Lets tests move the server's clock per request (lib/clock.ts); only beside the auth emulator.
    TAKES_TEST_CLOCK: flag,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    NEXT_PUBLIC_FIREBASE_API_KEY: z.string().min(1).optional(),
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    NEXT_PUBLIC_FIREBASE_APP_ID: z.string().min(1).optional(),
    NEXT_PUBLIC_SITE_URL: z.url().optional(),
    // Set by Vercel: the production domain, the site's address when NEXT_PUBLIC_SITE_URL is not set.
    NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL: z.string().min(1).optional(),
    // Read here as well as in lib/public-env.ts: the browser gets the value inlined at build time, while the
    // share and preview images fetch entity art with the value the server is started with.
    NEXT_PUBLIC_STORAGE_BASE_URL: z
      .string()
      .regex(/^(https?:\/\/[^\s/?#]+|\/(?!\/))[^\s?#]*$/, 'must be an http(s) URL or a path starting with /, without a query')
      .default('/storage'),
    // Multiplies every abuse limit; npm test raises it for the suites that are not about limits.
    RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
    // Set to 1 by Vercel itself: its own x-vercel-forwarded-for header then names the client (lib/rate-limit.ts).
    VERCEL: flag,
    // Self-hosted: how many proxies in front of the server append to X-Forwarded-For (0: none, so no client's
    // address is known and that header is never believed).
    TAKES_TRUSTED_PROXY_HOPS: z.coerce.number().int('must be a whole number of proxies').min(0).max(10).default(0),
    // The administrators, by Firebase uid and by verified email, comma-separated: they name the moderators
    // (lib/data/moderation/moderators.ts) and run the league console.
    TAKES_ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be email addresses separated by commas'))),
    TAKES_ADMIN_UIDS: z
      .string()
      .regex(/^\s*([\w-]{1,128}\s*(,\s*[\w-]{1,128}\s*)*)?$/, 'must be Firebase uids separated by commas')
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((uid) => uid.trim())
          .filter(Boolean),
      ),
    // Connections each instance may open to the database, and how long an idle one is kept (README, "Running several instances").
    MONGODB_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(5),
    MONGODB_MAX_IDLE_TIME_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Self-hosting several instances: the Redis that holds Next's data cache and its tags (lib/cache/), e.g. redis://10.0.0.5:6379.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
      .optional(),
    // An OpenTelemetry collector's OTLP/HTTP base address (lib/tracing.ts): traces are exported only when it is set.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url("must be the collector's http(s) address, e.g. http://otel-collector:4318").optional(),
    // A file to append one line per database command to (lib/query-log.ts): the index-coverage test and npm run bench read it.
    TAKES_QUERY_LOG: z.string().min(1).optional(),
    // How long an instance applying the schema holds its lease before another may take over (it renews it while it works).
    TAKES_SCHEMA_LEASE_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(2).max(3600).default(60),
    // Read by server.mjs: how long an idle keep-alive connection is kept (ms); listed here so a bad value is named with the rest.
    KEEP_ALIVE_TIMEOUT: z.coerce.number().int('must be a whole number of milliseconds').min(1000).optional(),
    // The scheduled job's bearer secret (app/api/cron; Vercel Cron sends it): a long random string.
    CRON_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters (a long random string)')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
  })
  .superRefine(
    (env, ctx) => {
      // Emulator tokens are unsigned: a production server that trusts them accepts forged identities.
      if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST && !env.TAKES_ALLOW_AUTH_EMULATOR) {
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_AUTH_EMULATOR_HOST'],
          message: 'must not be set in production (set TAKES_ALLOW_AUTH_EMULATOR=1 only for local production builds)',
        });
      }
      // A clock a client can set would let anyone open receipts early: it rides on the emulator's guard.
      if (env.TAKES_TEST_CLOCK && !env.FIREBASE_AUTH_EMULATOR_HOST) {
        ctx.addIssue({ code: 'custom', path: ['TAKES_TEST_CLOCK'], message: 'is for tests only and needs FIREBASE_AUTH_EMULATOR_HOST' });
      }
      // Without it the scheduled job refuses every caller, and receipts' verdicts would reach nobody by time.
      if (env.NODE_ENV === 'production' && !env.CRON_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['CRON_SECRET'], message: 'is required in production (the scheduled job checks it)' });
      }
      if (!env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID && !env.NEXT_PUBLIC_FIREBASE_PROJECT_ID) {
        ctx.addIssue({ code: 'custom', path: ['FIREBASE_PROJECT_ID'], message: 'is required outside the auth emulator' });
      }
      // A real deployment (production, real Firebase): what it cannot serve without, named all at once (docs/deploy.md).
      if (env.NODE_ENV !== 'production' || env.FIREBASE_AUTH_EMULATOR_HOST) return;
      const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!env.GOOGLE_APPLICATION_CREDENTIALS) {
        // Checking that a token's account still exists (checkRevoked) and minting session cookies need the service account.
        if (!env.FIREBASE_CLIENT_EMAIL)
          missing('FIREBASE_CLIENT_EMAIL', 'is required in production (the service account: Project settings → Service accounts)');
        if (!env.FIREBASE_PRIVATE_KEY) missing('FIREBASE_PRIVATE_KEY', "is required in production (the service account key's private_key)");
      }
      // The browser signs in with these; they are built into its pages and must be there when the server runs too.
      for (const name of ['NEXT_PUBLIC_FIREBASE_API_KEY', 'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN', 'NEXT_PUBLIC_FIREBASE_PROJECT_ID'] as const) {
        if (!env[name]) missing(name, "is required in production (the Firebase web app's config)");
      }
      if (!env.NEXT_PUBLIC_SITE_URL && !env.NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL) {
        missing('NEXT_PUBLIC_SITE_URL', 'is required in production (the public address, e.g. https://takes.example.com)');
      }
    },
    // Also when a variable above is malformed, so one message names every problem at once.
    { when: () => true },
  )
  .transform(({ NEXT_PUBLIC_SITE_URL, NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL, ...env }) => ({
    ...env,
    NEXT_PUBLIC_SITE_URL:
      NEXT_PUBLIC_SITE_URL ??
      (NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL ? `https://${NEXT_PUBLIC_VERCEL_PROJECT_PRODUCTION_URL}` : 'http://localhost:3000'),
  }));

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {}

/** Parses a set of variables; throws an EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'} ${issue.message}`);
  throw new EnvError(`Invalid environment: ${lines.length} variable${lines.length === 1 ? '' : 's'} to fix\n${lines.join('\n')}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
