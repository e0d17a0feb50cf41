// @ts-check
// The data tests' module resolution: Jest's own, except that two modules resolve to the stand-ins beside this file
// (each says why it is faithful). By resolved path, not by the name imported: next/jest's SWC transform rewrites
// the '@/…' paths of tsconfig.json to relative ones before Jest sees them, so a name mapping would miss them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const STAND_INS = new Map([
  [path.join(root, 'lib', 'clock.ts'), path.join(here, 'clock.ts')],
  [path.join(root, 'node_modules', 'next', 'cache.js'), path.join(here, 'next-cache.ts')],
]);

/** @type {(request: string, options: { defaultResolver: (request: string, options: object) => string }) => string} */
export default function resolve(request, options) {
  const resolved = options.defaultResolver(request, options);
  return STAND_INS.get(resolved) ?? resolved;
}
