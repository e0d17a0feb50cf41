// @ts-check
// `npm run admin -- grant <email|uid> | revoke <email|uid> | list` (scripts/admin-cli.ts) with no TypeScript runtime:
// the command is bundled by esbuild into dist/admin.cjs, as scripts/league.mjs bundles the league's. Only the packages
// the server's standalone output carries itself (SERVER_PACKAGES) stay imports; everything else is in the bundle, so
// the same file runs from a checkout's node_modules and, copied there by scripts/assemble-standalone.mjs, from the
// standalone output and the Docker image (`node admin.cjs …`), where there are no dev dependencies and no npm.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_BUNDLE = path.join(ROOT, 'dist', 'admin.cjs');
/**
 * Packages the server loads from node_modules at run time (next.config.mjs, serverExternalPackages): the standalone output
 * carries them whole. The command imports nothing of Next (lib/firebase-admin.ts, lib/admins.ts), whose package there
 * holds only the files the server uses.
 */
const SERVER_PACKAGES = ['mongoose', 'firebase-admin', 'pino'];

/** Bundles the command when esbuild is installed; false when it is not (a production install). */
export async function bundleAdminCli() {
  /** @type {typeof import('esbuild') | null} */
  const esbuild = await import('esbuild').catch(() => null);
  if (!esbuild) return false;
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'scripts', 'admin-cli.ts')],
    outfile: ADMIN_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: SERVER_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    // `server-only` resolves to its empty module under this condition, as in the server.
    conditions: ['react-server'],
    alias: { '@': ROOT },
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--bundle-only') {
    if (!(await bundleAdminCli())) console.log('admin: esbuild is not installed; the bundle is left as it is');
    process.exit(0);
  }
  if (!(await bundleAdminCli()) && !existsSync(ADMIN_BUNDLE)) {
    console.error(
      'admin: dist/admin.cjs is missing: run `npm run build` where the dev dependencies are installed, and ship dist/ with the build.',
    );
    process.exit(1);
  }
  const child = spawn(process.execPath, [ADMIN_BUNDLE, ...args], { stdio: 'inherit' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
