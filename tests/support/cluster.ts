import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp, startLocalDb, stopTree, waitUntil } from '@/tests/support/processes';

/**
 * Several `next start` processes of the one build npm test made, over one
 * database (an H2 store, so it survives a SIGKILL) and one Redis, as a
 * self-hosted deployment runs them. Each instance is its own process with its
 * own memory and its own cache folder: its dist folder links to the build's
 * files but not to its `cache`.
 */
export type Instance = { url: string; child: ChildProcess; distDir: string };
export type Cluster = {
  dir: string;
  uri: string;
  dbPort: number;
  db: ChildProcess;
  redis: ChildProcess;
  redisUrl: string;
  instances: Instance[];
};

export function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const bin = process.env.REDIS_SERVER_BIN || 'redis-server';
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

/** A dist folder of the build's own files, with a cache folder of its own. */
function instanceDist(name: string): string {
  const build = process.env.NEXT_DIST_DIR;
  if (!build) throw new Error('NEXT_DIST_DIR is not set: run the tests with npm test');
  const distDir = `${build}-${name}`;
  const full = path.join(process.cwd(), distDir);
  rmSync(full, { recursive: true, force: true });
  mkdirSync(path.join(full, 'cache'), { recursive: true });
  for (const entry of readdirSync(path.join(process.cwd(), build))) {
    if (entry !== 'cache') symlinkSync(path.join(process.cwd(), build, entry), path.join(full, entry));
  }
  return distDir;
}

export async function startInstance(
  cluster: Pick<Cluster, 'uri' | 'redisUrl'>,
  name: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const distDir = instanceDist(name);
  const app = await startApp(cluster.uri, { NEXT_DIST_DIR: distDir, REDIS_URL: cluster.redisUrl, RATE_LIMIT_SCALE: '1000', ...env });
  return { ...app, distDir };
}

export function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): void {
  stopTree(instance.child, signal);
  rmSync(path.join(process.cwd(), instance.distDir), { recursive: true, force: true });
}

/** The database, Redis and `count` instances; the first of them loads the league into the new database. */
export async function startCluster(name: string, count: number): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `takes-${name}-`));
  const dbPort = await freePort();
  const db = await startLocalDb(dbPort, dir);
  const redisPort = await freePort();
  const redis = await startRedis(redisPort, dir);
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const uri = `mongodb://127.0.0.1:${dbPort}/takes-${name}`;
  const instances = await Promise.all(Array.from({ length: count }, (_, i) => startInstance({ uri, redisUrl }, `${name}${i}`)));
  return { dir, uri, dbPort, db, redis, redisUrl, instances };
}

export async function killDatabase(cluster: Cluster): Promise<void> {
  cluster.db.kill('SIGKILL');
  await new Promise((resolve) => cluster.db.once('exit', resolve));
}

export async function restartDatabase(cluster: Cluster): Promise<void> {
  cluster.db = await startLocalDb(cluster.dbPort, cluster.dir);
  await waitUntil(async () => {
    const answers = await Promise.all(cluster.instances.map((i) => fetch(`${i.url}/api/health`).catch(() => null)));
    return answers.every((a) => a?.status === 200);
  }, 60_000);
}

export function stopCluster(cluster: Cluster | undefined): void {
  if (!cluster) return;
  for (const instance of cluster.instances) stopInstance(instance);
  cluster.redis.kill('SIGKILL');
  cluster.db.kill('SIGKILL');
  // The database's log outlives its folder, beside the instances' (test-results/logs), for a failure to be read after.
  const dbLog = path.join(cluster.dir, 'localdb.log');
  if (existsSync(dbLog)) copyFileSync(dbLog, path.join(process.cwd(), 'test-results', 'logs', `localdb-${path.basename(cluster.dir)}.log`));
  rmSync(cluster.dir, { recursive: true, force: true });
}

/** `npm run repair-counts -- --dry-run` against the cluster's database: what it finds to fix (counters and ranking keys). */
export function dryRunRepair(uri: string): { counters: number; rankingKeys: number; output: string } {
  const output = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/repair-counts.ts', '--dry-run'], {
    env: { ...process.env, MONGODB_URI: uri },
    encoding: 'utf8',
  });
  const last = output.trim().split('\n').at(-1) ?? '{}';
  return { ...(JSON.parse(last) as { counters: number; rankingKeys: number }), output };
}
