// @ts-check
// A command written in TypeScript (scripts/<name>-cli.ts), run with no TypeScript runtime: esbuild bundles it into
// dist/<name>.cjs. A clone with the dev dependencies bundles it afresh each run (a fraction of a second); a production
// install (`npm ci --omit=dev`), which has no esbuild, runs the bundle `npm run build` made.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {string} name the command's name: scripts/<name>-cli.ts, bundled to dist/<name>.cjs
 * @param {import('esbuild').BuildOptions} packages which packages stay imports (`external` or `packages`)
 * @param {string[]} nodeArgs Node's own options for running the bundle
 */
export function bundledCli(name, packages, nodeArgs = []) {
  const bundle = path.join(ROOT, 'dist', `${name}.cjs`);

  /** Bundles the command when esbuild is installed; false when it is not (a production install). */
  async function build() {
    /** @type {typeof import('esbuild') | null} */
    const esbuild = await import('esbuild').catch(() => null);
    if (!esbuild) return false;
    await esbuild.build({
      entryPoints: [path.join(ROOT, 'scripts', `${name}-cli.ts`)],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      ...packages,
      // `server-only` resolves to its empty module under this condition, as in the server.
      conditions: ['react-server'],
      alias: { '@': ROOT },
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      logLevel: 'warning',
    });
    return true;
  }

  /** `node scripts/<name>.mjs --bundle-only` bundles and stops; any other arguments run the command with them. */
  async function run(/** @type {string[]} */ args) {
    if (args[0] === '--bundle-only') {
      if (!(await build())) console.log(`${name}: esbuild is not installed; the bundle is left as it is`);
      process.exit(0);
    }
    if (!(await build()) && !existsSync(bundle)) {
      console.error(
        `${name}: dist/${name}.cjs is missing: run \`npm run build\` where the dev dependencies are installed, and ship dist/ with the build.`,
      );
      process.exit(1);
    }
    const child = spawn(process.execPath, [...nodeArgs, bundle, ...args], { stdio: 'inherit' });
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }

  return { bundle, build, run };
}
