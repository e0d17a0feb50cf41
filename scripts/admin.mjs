// @ts-check
// `npm run admin -- grant <email|uid> | revoke <email|uid> | list` (scripts/admin-cli.ts) with no TypeScript runtime:
// the command is bundled into dist/admin.cjs by scripts/lib/bundled-cli.mjs, as the league's is. Only the packages
// the server's standalone output carries itself (SERVER_PACKAGES) stay imports; everything else is in the bundle, so
// the same file runs from a checkout's node_modules and, copied there by scripts/assemble-standalone.mjs, from the
// standalone output and the Docker image (`node admin.cjs …`), where there are no dev dependencies and no npm.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledCli } from './lib/bundled-cli.mjs';

/**
 * Packages the server loads from node_modules at run time (next.config.mjs, serverExternalPackages): the standalone output
 * carries them whole. The command imports nothing of Next (lib/firebase-admin.ts, lib/admins.ts), whose package there
 * holds only the files the server uses.
 */
const SERVER_PACKAGES = ['mongoose', 'firebase-admin', 'pino'];

const admin = bundledCli('admin', { external: SERVER_PACKAGES.flatMap((name) => [name, `${name}/*`]) });
export const ADMIN_BUNDLE = admin.bundle;
export const bundleAdminCli = admin.build;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await admin.run(process.argv.slice(2));
