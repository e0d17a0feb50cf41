// @ts-check
// The import graph's rules (docs/architecture.md#layers), checked by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'components', 'lib', 'models', 'middleware.ts', 'instrumentation.ts', 'scripts', 'tests', 'e2e', 'bench'];

/** Files that open with the 'use client' directive (after any comments): they run in the browser, so the database layer must not reach them. */
function clientModules() {
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {string} */ entry) => {
    for (const dirent of readdirSync(entry, { withFileTypes: true })) {
      const full = path.join(entry, dirent.name);
      if (dirent.isDirectory()) visit(full);
      else if (/\.tsx?$/.test(dirent.name) && /^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*['"]use client['"]/.test(readFileSync(full, 'utf8')))
        found.push(full);
    }
  };
  for (const root of ['app', 'components', 'lib']) visit(root);
  return found.map(
    (file) =>
      `^${file
        .split(path.sep)
        .join('/')
        .replace(/[.[\]()]/g, '\\$&')}$`,
  );
}

/**
 * lib/data's domain folders, lowest first: a folder imports only the folders before it (and itself). A new domain takes
 * the place its imports allow; docs/architecture.md#the-data-layer says what each folder holds.
 */
export const DATA_LAYERS = [
  'shared',
  'calls',
  'league',
  'games',
  'visibility',
  'counters',
  'notifications',
  'callers',
  'reactions',
  'people',
  'filters',
  'comments',
  'takes',
  'discovery',
  'receipts',
  'moderation',
  'account',
  'maintenance',
];

/**
 * lib's folders of pure logic, one per domain, beside lib/data's folder of the same name where there is one: the rules
 * and numbers a domain's database code, routes, pages, components and tests all read. docs/architecture.md#layers says
 * what each holds; lib's root keeps only what every layer shares.
 */
export const DOMAIN_FOLDERS = [
  'callers',
  'calls',
  'discovery',
  'filters',
  'format',
  'games',
  'league',
  'moderation',
  'notifications',
  'reactions',
  'receipts',
  'site',
];

/** lib's other folders: the database layer, the request schemas, the browser's calls, the image code, the cache handler. */
const LIB_FOLDERS = ['data', 'validation', 'client', 'og', 'cache', ...DOMAIN_FOLDERS];

/** One rule per folder: nothing above it in DATA_LAYERS. */
const dataLayerRules = DATA_LAYERS.slice(0, -1).map((folder, i) => ({
  name: `data-layer-${folder}`,
  comment: `lib/data/${folder} sits below ${DATA_LAYERS.slice(i + 1).join(', ')} (DATA_LAYERS): move what it needs down, or the module up.`,
  severity: /** @type {const} */ ('error'),
  from: { path: `^lib/data/${folder}/` },
  to: { path: `^lib/data/(${DATA_LAYERS.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle, type-only ones included, means two modules are one: move what both need to a module below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'models-import-no-code',
      comment: 'models/ holds schemas and indexes only; the code that uses them sits above it.',
      severity: 'error',
      from: { path: '^models/' },
      to: { path: '^(lib|app|components)/' },
    },
    {
      name: 'lib-below-app-and-components',
      comment: 'lib/ serves routes, pages and components; it never reaches up into them.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components)/' },
    },
    {
      name: 'components-below-app',
      comment: 'components/ renders what pages and screens give it; what loads or routes lives under app/ (app/_screens, app/_lib).',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    {
      name: 'lib-below-data',
      comment:
        'lib/ outside lib/data (its root, the domain folders, validation/, client/, og/, cache/) sits below the data layer, which imports it: what loads data is a lib/data module, or lives beside what uses it under app/ (app/_lib, app/api/_lib, app/_screens).',
      severity: 'error',
      from: { path: '^lib/', pathNot: '^lib/data/' },
      to: { path: '^lib/data/' },
    },
    {
      name: 'domain-logic-pure',
      comment:
        "A domain folder of lib/ (DOMAIN_FOLDERS) holds rules and numbers: it reaches no model or database connection, no identity or session, no request handling or abuse limit, no browser call. What needs one is a lib/data module, a route's, or the root's.",
      severity: 'error',
      from: { path: `^lib/(${DOMAIN_FOLDERS.join('|')})/` },
      to: { path: '^(models/|lib/(db|auth|session|firebase-admin|admins|cron|http|rate-limit)\\.ts$|lib/(client|cache)/)' },
    },
    {
      name: 'lib-folders-known',
      comment: "A new folder of lib/ is a domain's (DOMAIN_FOLDERS) or one of lib's layers; lib's root keeps only what every layer shares.",
      severity: 'error',
      from: {},
      to: { path: '^lib/[^/]+/', pathNot: `^lib/(${LIB_FOLDERS.join('|')})/` },
    },
    {
      name: 'components-no-data-layer',
      comment: 'Components get data from pages (Server Components) or lib/client; every database call stays behind lib/data.',
      severity: 'error',
      from: { path: '^components/' },
      // A type is erased from the bundle: a component may name the shape a loader returns.
      to: { path: '^lib/data/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-modules-no-data-layer',
      comment: "A 'use client' module ships to the browser, where the database layer cannot run.",
      severity: 'error',
      from: { path: clientModules() },
      to: { path: '^lib/data/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'feature-insides',
      comment:
        "A feature folder under components/ may render another feature's components, never reach its insides: hooks (use-*), contexts, styles and plain .ts helpers. What several features share lives in components/shared, components/ui or components/modals.",
      severity: 'error',
      from: { path: '^components/([^/]+)/' },
      to: {
        path: '^components/[^/]+/(use-[^/]+|[^/]+-context\\.tsx|[^/]+\\.module\\.css|[^/]+\\.ts)$',
        pathNot: ['^components/$1/', '^components/(ui|shared|modals)/'],
      },
    },
    {
      name: 'data-in-domain-folders',
      comment: 'Every module of lib/data lives in a domain folder (DATA_LAYERS); the root holds none.',
      severity: 'error',
      from: {},
      to: { path: '^lib/data/[^/]+\\.tsx?$' },
    },
    {
      name: 'data-folders-known',
      comment: 'A new lib/data folder joins DATA_LAYERS at the place its imports allow.',
      severity: 'error',
      from: {},
      to: { path: '^lib/data/[^/]+/', pathNot: `^lib/data/(${DATA_LAYERS.join('|')})/` },
    },
    ...dataLayerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: `^(${SOURCES.map((s) => s.replace('.', '\\.')).join('|')})`,
    // Type-only imports are edges too: a circle of types still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};

export default config;
