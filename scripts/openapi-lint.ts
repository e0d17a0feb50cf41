/**
 * `npm run lint:api` (part of `npm run lint`): writes the OpenAPI document from
 * lib/openapi.ts, as GET /api/openapi.json serves it, and lints it with
 * Redocly's recommended rules (redocly.yaml), so no server has to run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocument } from '@/lib/openapi';

const dir = mkdtempSync(path.join(tmpdir(), 'takes-openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(openApiDocument()));
// No usage report leaves the machine, and no update check runs on each lint.
const result = spawnSync('redocly', ['lint', file, '--format', 'stylish'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
