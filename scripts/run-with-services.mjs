// @ts-check
// Runs a command with MONGODB_URI and the auth emulator available: the ones in
// the environment, else a running `npm run dev` stack, else a temporary one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { localStack } from './lib/stack.mjs';
import { ensureDependencies, ROOT, SetupError } from './lib/services.mjs';

const separator = process.argv.indexOf('--');
const command = process.argv.slice(separator + 1);
try {
  ensureDependencies();
  const stack = await localStack({ reuseRunning: true, dataDir: path.join(ROOT, '.data'), persistAuth: true });
  const [program = 'true', ...args] = command;
  const child = spawn(program, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...stack.env } });
  // The database and the emulator run in process groups of their own, so a Ctrl-C or a kill reaches only this
  // script and the command: the command is told, and the services stop once it has exited, never left behind.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', async (code, signal) => {
    await stack.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
  child.on('error', async (error) => {
    console.error(`could not run ${program}: ${error.message}`);
    await stack.stop();
    process.exit(1);
  });
} catch (error) {
  if (error instanceof SetupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
