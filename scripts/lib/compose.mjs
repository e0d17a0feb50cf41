// @ts-check
// A `docker compose` that renders compose.yaml (`config`, which needs no daemon), for tests/multi/compose.test.ts to
// check its own renderer against: Compose v2 (`docker compose`) when there is one, else v1 (`docker-compose`,
// Debian's package, installed with apt-get as root when missing, as redis-server is). v1 refuses the specification's
// top-level `name:`; the test leaves it out for v1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { say, SetupError } from './services.mjs';

/** @returns {{ command: string; args: string[]; v1: boolean }} */
export function ensureComposeRenderer() {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return { command: 'docker', args: ['compose'], v1: false };
  const v1 = () => spawnSync('docker-compose', ['version']).status === 0;
  if (!v1() && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    say('compose', 'installing docker-compose (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'docker-compose'], { stdio: 'inherit', env });
  }
  if (v1()) return { command: 'docker-compose', args: [], v1: true };
  throw new SetupError('the compose rehearsal needs docker compose (or Debian: apt-get install docker-compose) to render compose.yaml.');
}
