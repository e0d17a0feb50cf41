// @ts-check
// actionlint, the GitHub Actions workflow linter, built from its Go module (the Go module proxy) into a per-user
// cache on first use, as hadolint comes from PyPI (scripts/lib/hadolint.mjs). It needs the Go toolchain.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { say, SetupError } from './services.mjs';

const ACTIONLINT = '1.7.12';
const HOME = path.join(os.homedir(), '.cache', 'takes', `actionlint-${ACTIONLINT}`);

/** The `go` command: on PATH, or where the official installer puts it. */
function goCommand() {
  for (const go of ['go', '/usr/local/go/bin/go']) if (spawnSync(go, ['version']).status === 0) return go;
  return null;
}

export function ensureActionlint() {
  const bin = path.join(HOME, 'actionlint');
  if (existsSync(bin)) return bin;
  const go = goCommand();
  if (!go)
    throw new SetupError('Go is needed to lint the GitHub workflows (actionlint from the Go module proxy): install Go and try again.');
  say('lint', `installing actionlint ${ACTIONLINT} into ${HOME}…`);
  rmSync(HOME, { recursive: true, force: true });
  mkdirSync(HOME, { recursive: true });
  const result = spawnSync(go, ['install', `github.com/rhysd/actionlint/cmd/actionlint@v${ACTIONLINT}`], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: HOME, GOFLAGS: '-mod=mod' },
  });
  if (result.status !== 0 || !existsSync(bin)) {
    rmSync(HOME, { recursive: true, force: true });
    throw new SetupError(`could not install actionlint ${ACTIONLINT} (go install failed).`);
  }
  return bin;
}
