// @ts-check
// `next dev` compiles a route on its first request, and on two cores the first API route takes seconds (tens of them
// on a busy machine): it brings the proxy, the data layer and the database driver, which the routes after it share.
// The first fan to use a form waited for that, so the username check on /create-username could answer after its
// form had been filled in. Once the server is up, `npm run dev` asks for every API route and page once, in the
// background and one at a time, starting with the home page and the routes a form calls; a fan's first answer then
// comes from a compiled route. Each request is a GET that a fan could send (dynamic segments get a placeholder, which
// most routes refuse with a 400 before reading anything), so nothing is written.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** What a dynamic segment is asked with: a valid username, an invalid id or number. */
const PLACEHOLDER = 'warmup0';
/** Asked for first, in this order: what a new fan opens, then the forms of signing up. */
const FIRST = ['/', '/api/users/check-username/warmup0', '/sign-up', '/create-username', '/sign-in'];
/** A route that has not answered in this long is left to finish on its own; the next is asked for meanwhile. */
const PER_ROUTE_MS = 120_000;

/**
 * The address of an app route file (`app/takes/[id]/page.tsx` → `/takes/warmup0`), or null for a file that is no
 * route of its own (private folders, parallel slots).
 * @param {string} relative the file's path under app/, with forward slashes
 */
export function routeAddress(relative) {
  const segments = relative.split('/').slice(0, -1);
  if (segments.some((s) => s.startsWith('_') || s.startsWith('@'))) return null;
  const parts = segments
    .filter((s) => !(s.startsWith('(') && s.endsWith(')')) && !s.startsWith('[[...'))
    .map((s) => (s.startsWith('[') ? PLACEHOLDER : s));
  return `/${parts.join('/')}`;
}

/**
 * Every page and API route of the app, the first ones first.
 * @param {string} appDir
 * @returns {string[]}
 */
export function routesToWarm(appDir) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^page\.tsx?$/.test(entry.name) || (/^route\.tsx?$/.test(entry.name) && full.includes(`${path.sep}api${path.sep}`))) {
        const address = routeAddress(path.relative(appDir, full).split(path.sep).join('/'));
        if (address) found.push(address);
      }
    }
  };
  walk(appDir);
  const rest = found
    .filter((r) => !FIRST.includes(r))
    .sort((a, b) => Number(!a.startsWith('/api/')) - Number(!b.startsWith('/api/')) || a.localeCompare(b));
  return [...FIRST.filter((r) => found.includes(r)), ...rest];
}

/**
 * Asks for each route once, one at a time; what each answers does not matter, only that it is compiled.
 * @param {string} base the dev server's address
 * @param {string[]} routes
 * @returns {Promise<{ routes: number; ms: number }>}
 */
export async function warmRoutes(base, routes) {
  const started = Date.now();
  for (const route of routes) {
    await fetch(`${base}${route}`, { redirect: 'manual', signal: AbortSignal.timeout(PER_ROUTE_MS) })
      .then((reply) => reply.arrayBuffer())
      .catch(() => undefined);
  }
  return { routes: routes.length, ms: Date.now() - started };
}
