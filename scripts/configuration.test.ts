import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv, variables } from '@/lib/env';
import { parseDotEnv } from '@/tests/support/compose';

// Configuration in one place (docs/configuration.md): every variable the schema in lib/env.ts reads is in .env.example
// and in docs/configuration.md, by the same name and with the same meaning (its row there is the schema's
// description); every variable .env.example lists has its row; the code and compose.yaml read nothing none of them
// names; and .env.example holds no stand-in value that could pass for a real one.
const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');
const example = read('.env.example');
const docs = read('docs/configuration.md');

/** `NAME=` lines, and `# NAME=` lines (the ones the platform sets, shown for reference). */
const exampleNames = new Set([...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
/** The rows of docs/configuration.md's tables: one variable and its meaning each. */
const docRows = new Map([...docs.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| (.+) \|$/gm)].map((m) => [m[1] as string, m[2] as string]));
const schema = Object.entries(variables.shape).map(([name, field]) => ({ name, meaning: field.description }));

/** Every `process.env.NAME` the app, its entries and its build read. */
function namesReadByCode(): Set<string> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs)$/.test(entry) && !entry.includes('.test.')) files.push(full);
    }
  };
  for (const dir of ['app', 'components', 'lib']) walk(path.join(process.cwd(), dir));
  for (const file of ['server.mjs', 'scheduler.mjs', 'next.config.mjs', 'middleware.ts', 'instrumentation.ts']) files.push(file);
  const names = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z_][A-Z0-9_]*[A-Z0-9])\b/g)) names.add(m[1] as string);
  }
  return names;
}
/** Set by Next itself, never by an operator. */
const FRAMEWORK = new Set(['NEXT_RUNTIME', '__NEXT_PRIVATE_STANDALONE_CONFIG']);

describe('configuration', () => {
  it('names every variable of the schema in .env.example and docs/configuration.md, with the meaning the schema gives', () => {
    expect(schema.length).toBeGreaterThan(30);
    for (const { name, meaning } of schema) {
      expect({ name, inExample: exampleNames.has(name) }).toEqual({ name, inExample: true });
      expect(meaning).toBeTruthy();
      expect({ name, row: docRows.get(name) }).toEqual({ name, row: meaning });
    }
  });

  it('gives every variable of .env.example a row in docs/configuration.md, and no row to a variable it lacks', () => {
    expect([...exampleNames].filter((name) => !docRows.has(name))).toEqual([]);
    expect([...docRows.keys()].filter((name) => !exampleNames.has(name))).toEqual([]);
  });

  it('documents every variable the code and compose.yaml read', () => {
    const code = [...namesReadByCode()].filter((name) => !FRAMEWORK.has(name));
    expect(code.length).toBeGreaterThan(5);
    expect(code.filter((name) => !exampleNames.has(name))).toEqual([]);
    const compose = [...read('compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1] as string);
    expect(compose.filter((name) => !exampleNames.has(name))).toEqual([]);
  });

  it('ships .env.example with every value blank, in plain NAME= lines any dotenv reader takes alike', () => {
    const lines = example.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    expect(lines.filter((line) => !/^[A-Z][A-Z0-9_]*=$/.test(line))).toEqual([]);
    expect(Object.values(parseDotEnv(example)).filter(Boolean)).toEqual([]);
  });

  it('takes .env.example with the required values filled as a complete production environment: the address is SITE_DOMAIN, the database `takes`', () => {
    const filled = {
      ...parseDotEnv(example),
      NODE_ENV: 'production',
      CRON_SECRET: 'a-long-random-cron-secret',
      NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'takes-prod.firebaseapp.com',
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'takes-prod',
      FIREBASE_CLIENT_EMAIL: 'server@takes-prod.iam.gserviceaccount.com',
      FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
      SITE_DOMAIN: 'takes.example.com',
      MONGODB_URI: 'mongodb://takes:secret@mongo:27017/?authSource=admin',
    };
    const env = parseEnv(filled);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('https://takes.example.com');
    expect(env.MONGODB_DB).toBe('takes');
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.TAKES_TRUSTED_PROXY_HOPS).toBe(0);
    // Nothing that stands in for the address: without one, the server names it.
    expect(() => parseEnv({ ...filled, SITE_DOMAIN: '' })).toThrow(/NEXT_PUBLIC_SITE_URL is required in production/);
  });
});
