// @ts-check
// After `next build`: completes the standalone output (`<distDir>/standalone`) into a folder that runs on its own with
// `node server.mjs`, as the Docker image does. Next writes the server code and the packages it traced there, but not
// the browser's assets (`<distDir>/static`), the public files (`public/`), our server entry or the scheduled job's
// caller (scheduler.mjs); they are copied in, and so is the operator's command for administrators (admin.cjs, bundled
// by scripts/admin.mjs: `node admin.cjs grant <email|uid>` in the image).
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_BUNDLE, bundleAdminCli } from './admin.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const standalone = path.join(root, distDir, 'standalone');
if (!existsSync(standalone)) {
  // A Vercel build packages its functions itself and writes no standalone output.
  process.stdout.write('standalone: no standalone output to complete\n');
  process.exit(0);
}
const copy = (/** @type {string} */ from, /** @type {string} */ to) => {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
};
copy(path.join(root, 'public'), path.join(standalone, 'public'));
copy(path.join(root, distDir, 'static'), path.join(standalone, distDir, 'static'));
for (const entry of ['server.mjs', 'scheduler.mjs']) cpSync(path.join(root, entry), path.join(standalone, entry));
if ((await bundleAdminCli()) || existsSync(ADMIN_BUNDLE)) cpSync(ADMIN_BUNDLE, path.join(standalone, 'admin.cjs'));
else process.stdout.write('standalone: esbuild is not installed and dist/admin.cjs is missing: no admin.cjs in the output\n');
process.stdout.write(`standalone: ${path.relative(root, standalone)} runs with \`node server.mjs\`\n`);
