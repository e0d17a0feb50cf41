/**
 * Values the browser needs: the site's address, where entity pictures live and the Firebase web config. They are read
 * when the server runs, not when it is built, so one build (one Docker image, one Vercel build) serves any site: the
 * server reads its environment, and the root layout (app/layout.tsx) writes the same values into every page as a JSON
 * data block the browser reads here. Next would inline a literal `process.env.NEXT_PUBLIC_…` at build time, in server
 * code too, so the server reads them by name from `process.env` (a lookup Next leaves alone). Plain defaults rather
 * than a schema, so no validator ships to every page: the server checks the ones that can be malformed
 * (lib/env.ts) when it starts.
 */
export type PublicEnv = {
  siteUrl: string;
  storageBaseUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorHost?: string;
};

/** The id of the data block (a `<script type="application/json">`, which no browser runs and no CSP blocks). */
export const PUBLIC_ENV_ELEMENT_ID = 'takes-public-env';

type Source = Record<string, string | undefined>;
type SiteSource = Partial<Record<'NEXT_PUBLIC_SITE_URL' | 'SITE_DOMAIN' | 'VERCEL_PROJECT_PRODUCTION_URL', string>>;
/** An empty or blank variable is one not set (compose's `${X:-}` and `.env.example`'s blank lines give empty ones). */
const read = <S extends object>(source: S, name: keyof S & string) => (source[name] as string | undefined)?.trim() || undefined;

/**
 * The site's public address: NEXT_PUBLIC_SITE_URL; else https:// and SITE_DOMAIN (compose's proxy serves that name;
 * `localhost` is the try-out on the machine itself, served over plain HTTP); else, on Vercel, the project's production
 * domain. Only outside production does nothing set fall back to a local address (lib/env.ts refuses that there).
 */
export function siteUrlFrom(source: SiteSource): string | undefined {
  const domain = read(source, 'SITE_DOMAIN');
  const vercel = read(source, 'VERCEL_PROJECT_PRODUCTION_URL');
  const url =
    read(source, 'NEXT_PUBLIC_SITE_URL') ??
    (domain ? `${domain === 'localhost' ? 'http' : 'https'}://${domain}` : undefined) ??
    (vercel ? `https://${vercel}` : undefined);
  return url?.replace(/\/+$/, '');
}

/** What a local server (`npm run dev`, `npm test`) uses where nothing is set: the emulator's demo project. */
const LOCAL: PublicEnv = {
  siteUrl: 'http://localhost:3000',
  storageBaseUrl: '/storage',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-takes.firebaseapp.com', projectId: 'demo-takes' },
};

/** The browser's values as the server's environment gives them. */
export function publicEnvFrom(source: Source): PublicEnv {
  return {
    siteUrl: siteUrlFrom(source) ?? LOCAL.siteUrl,
    storageBaseUrl: read(source, 'NEXT_PUBLIC_STORAGE_BASE_URL') ?? LOCAL.storageBaseUrl,
    firebase: {
      apiKey: read(source, 'NEXT_PUBLIC_FIREBASE_API_KEY') ?? LOCAL.firebase.apiKey,
      authDomain: read(source, 'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN') ?? LOCAL.firebase.authDomain,
      projectId: read(source, 'NEXT_PUBLIC_FIREBASE_PROJECT_ID') ?? LOCAL.firebase.projectId,
      appId: read(source, 'NEXT_PUBLIC_FIREBASE_APP_ID'),
    },
    authEmulatorHost: read(source, 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST'),
  };
}

// Read once per process (the server's environment does not change while it runs) and once per page in the browser
// (the layout wrote it before any component that reads it).
let known: PublicEnv | undefined;

function fromDocument(): PublicEnv {
  const text = document.getElementById(PUBLIC_ENV_ELEMENT_ID)?.textContent;
  // Every page has the block (the root layout writes it); a document without it (app/global-error.tsx) gets the local
  // defaults.
  return text ? (JSON.parse(text) as PublicEnv) : LOCAL;
}

/** The browser's values: from the environment on the server, from the page's data block in the browser. */
export function publicEnv(): PublicEnv {
  known ??= typeof window === 'undefined' ? publicEnvFrom(process.env) : fromDocument();
  return known;
}
