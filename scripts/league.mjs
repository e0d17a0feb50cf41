// @ts-check
// `npm run league -- …` (scripts/league-cli.ts) with no TypeScript runtime: the command is bundled by esbuild into
// dist/league.cjs, its packages left as imports of the production dependencies. A clone with the dev dependencies
// bundles it afresh each run (a fraction of a second); a production install (`npm ci --omit=dev`) runs the bundle
// `npm run build` made (`postbuild`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = path.join(ROOT, 'dist', 'league.cjs');

/** Bundles the command when esbuild is installed; false when it is not (a production install). */
export async function bundleLeagueCli() {
  /** @type {typeof import('esbuild') | null} */
  const esbuild = await import('esbuild').catch(() => null);
  if (!esbuild) return false;
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'scripts', 'league-cli.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
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
    if (!(await bundleLeagueCli())) console.log('league: esbuild is not installed; the bundle is left as it is');
    process.exit(0);
  }
  if (!(await bundleLeagueCli()) && !existsSync(BUNDLE)) {
    console.error(
      'league: dist/league.cjs is missing: run `npm run build` where the dev dependencies are installed, and ship dist/ with the build.',
    );
    process.exit(1);
  }
  const child = spawn(process.execPath, ['--conditions=react-server', BUNDLE, ...args], { stdio: 'inherit' });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
