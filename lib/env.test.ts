import { parseEnv } from '@/lib/env';

const base = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/takes',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  CRON_SECRET: 'a-long-random-cron-secret',
};

describe('parseEnv', () => {
  it('accepts the local development setup', () => {
    expect(parseEnv({ ...base, NODE_ENV: 'development' }).MONGODB_URI).toBe(base.MONGODB_URI);
  });

  it('names a missing MONGODB_URI', () => {
    expect(() => parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/MONGODB_URI is required/);
  });

  it('names a malformed MONGODB_URI', () => {
    expect(() => parseEnv({ ...base, MONGODB_URI: 'postgres://x' })).toThrow(/MONGODB_URI must start with mongodb/);
  });

  it('refuses the auth emulator in production, where it would accept forged tokens', () => {
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST must not be set in production/);
  });

  it('allows it in production only with the explicit local flag', () => {
    expect(parseEnv({ ...base, NODE_ENV: 'production', TAKES_ALLOW_AUTH_EMULATOR: '1' }).TAKES_ALLOW_AUTH_EMULATOR).toBe(true);
  });

  it('refuses the test clock without the auth emulator, so no real deployment can have its clock moved', () => {
    expect(() => parseEnv({ MONGODB_URI: base.MONGODB_URI, FIREBASE_PROJECT_ID: 'takes', TAKES_TEST_CLOCK: '1' })).toThrow(
      /TAKES_TEST_CLOCK is for tests only/,
    );
    expect(() => parseEnv({ ...base, NODE_ENV: 'production', TAKES_TEST_CLOCK: '1' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set in production/,
    );
    expect(parseEnv({ ...base, NODE_ENV: 'production', TAKES_ALLOW_AUTH_EMULATOR: '1', TAKES_TEST_CLOCK: '1' }).TAKES_TEST_CLOCK).toBe(
      true,
    );
  });

  it('reads the admin uids as a list, and names a malformed one', () => {
    expect(parseEnv(base).TAKES_ADMIN_UIDS).toEqual([]);
    expect(parseEnv({ ...base, TAKES_ADMIN_UIDS: ' demo-commish, uid_2 ' }).TAKES_ADMIN_UIDS).toEqual(['demo-commish', 'uid_2']);
    expect(() => parseEnv({ ...base, TAKES_ADMIN_UIDS: 'a b' })).toThrow(/TAKES_ADMIN_UIDS must be Firebase uids/);
  });

  it("requires the scheduled job's secret in production, long and without spaces", () => {
    const withoutSecret = { ...base, CRON_SECRET: undefined };
    expect(parseEnv({ ...withoutSecret, NODE_ENV: 'development' }).CRON_SECRET).toBeUndefined();
    expect(() => parseEnv({ ...withoutSecret, NODE_ENV: 'production', TAKES_ALLOW_AUTH_EMULATOR: '1' })).toThrow(
      /CRON_SECRET is required in production/,
    );
    expect(() => parseEnv({ ...base, CRON_SECRET: 'short' })).toThrow(/CRON_SECRET must be at least 16 characters/);
    expect(() => parseEnv({ ...base, CRON_SECRET: 'has spaces in it, sixteen+' })).toThrow(/CRON_SECRET must not contain spaces/);
  });

  it('reads the number of trusted proxies, none by default, and names a malformed one', () => {
    expect(parseEnv(base).TAKES_TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...base, TAKES_TRUSTED_PROXY_HOPS: '' }).TAKES_TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...base, TAKES_TRUSTED_PROXY_HOPS: '2' }).TAKES_TRUSTED_PROXY_HOPS).toBe(2);
    for (const bad of ['one', '-1', '1.5'])
      expect(() => parseEnv({ ...base, TAKES_TRUSTED_PROXY_HOPS: bad })).toThrow(/TAKES_TRUSTED_PROXY_HOPS/);
  });

  it('requires a Firebase project outside the emulator', () => {
    expect(() => parseEnv({ MONGODB_URI: base.MONGODB_URI })).toThrow(/FIREBASE_PROJECT_ID is required/);
  });

  it('reads the storage host at run time: an http(s) URL or a path, /storage by default', () => {
    expect(parseEnv(base).NEXT_PUBLIC_STORAGE_BASE_URL).toBe('/storage');
    expect(parseEnv({ ...base, NEXT_PUBLIC_STORAGE_BASE_URL: 'https://cdn.example.com/nba' }).NEXT_PUBLIC_STORAGE_BASE_URL).toBe(
      'https://cdn.example.com/nba',
    );
    expect(parseEnv({ ...base, NEXT_PUBLIC_STORAGE_BASE_URL: '/media/' }).NEXT_PUBLIC_STORAGE_BASE_URL).toBe('/media/');
    for (const bad of ['storage', 'ftp://cdn.example.com', 'https://cdn.example.com/x?sig=1', '//cdn.example.com']) {
      expect(() => parseEnv({ ...base, NEXT_PUBLIC_STORAGE_BASE_URL: bad })).toThrow(
        /NEXT_PUBLIC_STORAGE_BASE_URL must be an http\(s\) URL or a path/,
      );
    }
  });

  it('names every variable a real production deployment lacks, in one message', () => {
    let message = '';
    try {
      parseEnv({ NODE_ENV: 'production', TAKES_SCHEMA_LEASE_SECONDS: 'soon' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment: 10 variables to fix/);
    for (const name of [
      'MONGODB_URI',
      'TAKES_SCHEMA_LEASE_SECONDS',
      'CRON_SECRET',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_CLIENT_EMAIL',
      'FIREBASE_PRIVATE_KEY',
      'NEXT_PUBLIC_FIREBASE_API_KEY',
      'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
      'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
      'NEXT_PUBLIC_SITE_URL',
    ]) {
      expect(message).toContain(`  ${name} `);
    }
  });

  it('accepts a complete production environment, and on Vercel takes the site address from the production domain', () => {
    const production = {
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb+srv://user:secret@cluster.example.net/takes',
      CRON_SECRET: 'a-long-random-cron-secret',
      FIREBASE_PROJECT_ID: 'takes-prod',
      FIREBASE_CLIENT_EMAIL: 'server@takes-prod.iam.gserviceaccount.com',
      FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
      NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'takes-prod.firebaseapp.com',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'takes-prod',
    };
    expect(parseEnv({ ...production, NEXT_PUBLIC_SITE_URL: 'https://takes.example.com' }).NEXT_PUBLIC_SITE_URL).toBe(
      'https://takes.example.com',
    );
    // Vercel sets VERCEL_PROJECT_PRODUCTION_URL for the build and for the functions alike.
    expect(parseEnv({ ...production, VERCEL_PROJECT_PRODUCTION_URL: 'takes.vercel.app' }).NEXT_PUBLIC_SITE_URL).toBe(
      'https://takes.vercel.app',
    );
    // Behind compose's proxy: its domain, over HTTPS; localhost is the try-out, over plain HTTP.
    expect(parseEnv({ ...production, SITE_DOMAIN: 'takes.example.com' }).NEXT_PUBLIC_SITE_URL).toBe('https://takes.example.com');
    expect(parseEnv({ ...production, SITE_DOMAIN: 'localhost' }).NEXT_PUBLIC_SITE_URL).toBe('http://localhost');
    // A plain-HTTP address anywhere else signs every fan out (the session cookie is Secure).
    expect(() => parseEnv({ ...production, NEXT_PUBLIC_SITE_URL: 'http://takes.example.com' })).toThrow(
      /NEXT_PUBLIC_SITE_URL must be https:\/\/ in production/,
    );
    expect(() => parseEnv({ ...production, SITE_DOMAIN: 'takes example' })).toThrow(/SITE_DOMAIN must be a domain name/);
  });

  it('takes an empty variable as one not set, as compose passes `${X:-}` and an env_file its blank lines', () => {
    const empty = {
      REDIS_URL: '',
      FIREBASE_PROJECT_ID: ' ',
      MONGODB_DB: '',
      TAKES_QUERY_LOG: '',
      FIREBASE_CLIENT_EMAIL: '',
      TAKES_ADMIN_UIDS: '',
      TAKES_TRUSTED_PROXY_HOPS: '',
      LOG_LEVEL: '',
      NEXT_PUBLIC_SITE_URL: '',
    };
    const env = parseEnv({ ...base, ...empty });
    expect([env.REDIS_URL, env.FIREBASE_PROJECT_ID, env.TAKES_QUERY_LOG, env.LOG_LEVEL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(env.TAKES_ADMIN_UIDS).toEqual([]);
    expect(env.TAKES_TRUSTED_PROXY_HOPS).toBe(0);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('http://localhost:3000');
  });

  it("names the database `takes` when the URI names none, instead of the driver's `test`", () => {
    expect(parseEnv({ ...base, MONGODB_URI: 'mongodb://mongo:27017' }).MONGODB_DB).toBe('takes');
    expect(parseEnv({ ...base, MONGODB_URI: 'mongodb+srv://u:p@cluster.example.net/?retryWrites=true' }).MONGODB_DB).toBe('takes');
    expect(parseEnv({ ...base, MONGODB_URI: 'mongodb://a:1,b:2/league?replicaSet=rs' }).MONGODB_DB).toBeUndefined();
    expect(parseEnv({ ...base, MONGODB_URI: 'mongodb://mongo:27017', MONGODB_DB: 'nba' }).MONGODB_DB).toBe('nba');
  });

  it("keeps a preview off production's database: MONGODB_URI_PREVIEW, or a refusal naming it", () => {
    const preview = {
      ...base,
      MONGODB_URI: 'mongodb://prod.example.net/takes',
      MONGODB_URI_PREVIEW: 'mongodb://preview.example.net/takes',
    };
    for (const marker of [{ VERCEL_ENV: 'preview' }, { VERCEL_ENV: 'development' }, { TAKES_PREVIEW: '1' }]) {
      expect(parseEnv({ ...preview, ...marker }).MONGODB_URI).toBe('mongodb://preview.example.net/takes');
      expect(() => parseEnv({ ...preview, ...marker, MONGODB_URI_PREVIEW: '' })).toThrow(
        /MONGODB_URI_PREVIEW is required on a preview deployment \((VERCEL_ENV=\w+|TAKES_PREVIEW=1)\)/,
      );
    }
    expect(() => parseEnv({ ...preview, VERCEL_ENV: 'preview', MONGODB_URI_PREVIEW: preview.MONGODB_URI })).toThrow(
      /MONGODB_URI_PREVIEW must name another database than MONGODB_URI/,
    );
    // Production (or no marker) uses MONGODB_URI.
    expect(parseEnv({ ...preview, VERCEL_ENV: 'production' }).MONGODB_URI).toBe('mongodb://prod.example.net/takes');
    expect(parseEnv(preview).MONGODB_URI).toBe('mongodb://prod.example.net/takes');
  });

  it('reads the administrators by email, lower-cased, and names a malformed one', () => {
    expect(parseEnv({ ...base, TAKES_ADMIN_EMAILS: ' Commish@Takes.test ,b@takes.test' }).TAKES_ADMIN_EMAILS).toEqual([
      'commish@takes.test',
      'b@takes.test',
    ]);
    expect(() => parseEnv({ ...base, TAKES_ADMIN_EMAILS: 'not-an-email' })).toThrow(/TAKES_ADMIN_EMAILS/);
  });
});
