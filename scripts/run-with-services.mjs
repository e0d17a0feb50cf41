// @ts-check
// Runs a command with MONGODB_URI and the auth emulator available: the ones in
// the environment, else a running `npm run dev` stack, else a temporary one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { localStack } from './lib/stack.mjs';
import { ensureDependencies, ROOT, SetupError } from './lib/services.mjs';

const separator = process.argv.indexOf('--');
const command = process.argv.slice(separator + 1);
try {
  ensureDependencies();
  const stack = await localStack({ reuseRunning: true, dataDir: path.join(ROOT, '.data'), persistAuth: true });
  const [program = 'true', ...args] = command;
  const result = spawnSync(program, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...stack.env } });
  await stack.stop();
  process.exit(result.status ?? 1);
} catch (error) {
  if (error instanceof SetupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
