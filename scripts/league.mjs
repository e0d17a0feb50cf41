// @ts-check
// `npm run league -- …` (scripts/league-cli.ts), bundled by scripts/lib/bundled-cli.mjs into dist/league.cjs with its
// packages left as imports of the production dependencies; `npm run build` makes the bundle (`postbuild`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledCli } from './lib/bundled-cli.mjs';

const league = bundledCli('league', { packages: 'external' }, ['--conditions=react-server']);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await league.run(process.argv.slice(2));
