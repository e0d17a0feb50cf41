import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs one of `npm run lint`'s repository checks (a script under scripts/) in a throwaway Git repository holding
 * `files`, added to its index when `stage` is set; its complaints, one a line, and an exit code that agrees with them.
 * The repository is removed afterwards.
 */
export function checkInScratchRepo(script: string, files: Record<string, string | Buffer>, { stage = false } = {}): string[] {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scratch-repo-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }
    execFileSync('git', ['init', '-q'], { cwd: root });
    // -f: a build folder is committed exactly when someone forces it past an ignore rule, or adds it before one.
    if (stage) execFileSync('git', ['add', '-f', '.'], { cwd: root });
    const run = spawnSync(process.execPath, [path.join(process.cwd(), 'scripts', script)], { cwd: root, encoding: 'utf8' });
    const problems = run.stderr.split('\n').filter(Boolean);
    expect(run.status).toBe(problems.length ? 1 : 0);
    return problems;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
