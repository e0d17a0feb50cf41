// @ts-check
// Caddy, the proxy compose.yaml puts in front of the app, to validate the Caddyfile offline (`caddy validate` adapts
// it and provisions every module without serving). The one on PATH, or Debian's package unpacked into a per-user cache
// (apt-get download: installing it would also start a Caddy service on port 80), as redis-server comes from Debian
// (scripts/lib/services.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { say, SetupError } from './services.mjs';

const HOME = path.join(os.homedir(), '.cache', 'takes', 'caddy');

export function ensureCaddy() {
  if (spawnSync('caddy', ['version']).status === 0) return 'caddy';
  const bin = path.join(HOME, 'usr', 'bin', 'caddy');
  if (existsSync(bin)) return bin;
  if (!existsSync('/usr/bin/apt-get')) throw new SetupError('the Caddyfile check needs caddy 2: install it and try again.');
  say('lint', `unpacking Debian's caddy into ${HOME}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (process.getuid?.() === 0) spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const download = mkdtempSync(path.join(os.tmpdir(), 'takes-caddy-'));
  try {
    spawnSync('apt-get', ['download', '-qq', 'caddy'], { cwd: download, stdio: 'inherit', env });
    const deb = readdirSync(download).find((file) => file.endsWith('.deb'));
    rmSync(HOME, { recursive: true, force: true });
    mkdirSync(HOME, { recursive: true });
    if (!deb || spawnSync('dpkg-deb', ['-x', path.join(download, deb), HOME], { stdio: 'inherit' }).status !== 0 || !existsSync(bin)) {
      rmSync(HOME, { recursive: true, force: true });
      throw new SetupError('could not get caddy from Debian (apt-get download caddy); install it (apt-get install caddy) and try again.');
    }
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return bin;
}
