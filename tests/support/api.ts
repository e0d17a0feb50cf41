import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPORTER_MIN_ACCOUNT_AGE_MS } from '@/lib/moderation/constants';
import { CAPTURE_RENDERS_AT_ONCE } from '@/lib/og/constants';
import { createAccount, type TestAccount } from '@/tests/support/emulator';

const base = () => {
  const url = process.env.API_BASE_URL;
  if (!url) throw new Error('API_BASE_URL is not set: run the tests with npm test');
  return url;
};

export type Reply<T = any> = { status: number; body: T; headers: Headers };

/** One HTTP call to the app under test; JSON in, JSON (or text) out. */
export async function call<T = any>(
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string>; base?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${options.base ?? base()}${urlPath}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** The scheduled job (GET /api/cron) as Vercel Cron calls it, with the secret npm test gave the server; `headers` may move its clock. */
export async function runScheduledJob(headers: Record<string, string> = {}): Promise<Reply> {
  const secret = process.env.CRON_SECRET;
  if (!secret) throw new Error('CRON_SECRET is not set: run the tests with npm test');
  const reply = await call('GET', '/api/cron', { headers: { Authorization: `Bearer ${secret}`, ...headers } });
  if (reply.status !== 200) throw new Error(`the scheduled job answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply;
}

export type TestUser = TestAccount & { _id: string; username: string };

let counter = 0;
/** A fresh emulator account with an app user and a unique username. */
export async function signUp(prefix = 'fan'): Promise<TestUser> {
  const account = await createAccount(prefix);
  counter += 1;
  const username = `${prefix}${Date.now().toString(36).slice(-5)}${counter}${Math.floor(Math.random() * 1000)}`.slice(0, 15).toLowerCase();
  const reply = await call('POST', '/api/users', { token: account.idToken, body: { username } });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { ...account, _id: reply.body._id, username };
}

// The league the API suite's database starts with (lib/data/league/shipped/, loaded by its first connection or the seed).
const shipped = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), 'lib', 'data', 'league', 'shipped', file), 'utf8'));
const roster = shipped('roster.json') as {
  teams: { team_id: number; name: string; nickname: string; abbreviation: string }[];
  players: { player_id: number; name: string; team_id: number }[];
};
export const PLAYERS: { id: number; name: string; teamId: number }[] = roster.players.map((p) => ({
  id: p.player_id,
  name: p.name,
  teamId: p.team_id,
}));
export const TEAMS: { id: number; name: string; nickname: string; abbreviation: string }[] = roster.teams.map((t) => ({
  id: t.team_id,
  name: t.name,
  nickname: t.nickname,
  abbreviation: t.abbreviation,
}));
export const TOPICS: { id: string; name: string }[] = (
  shipped('topics.json') as { topics: { topic_id: string; name: string }[] }
).topics.map((t) => ({
  id: t.topic_id,
  name: t.name,
}));

export const PLAYER = PLAYERS[0]!;
export const TEAM = TEAMS[0]!;

export function takeBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Test take',
    description: 'Written by the integration tests.',
    entityType: 'player',
    playerID: PLAYER.id,
    team: null,
    specialID: null,
    tags: [PLAYER.id],
    addType: 'user',
    league: 'nba',
    ...overrides,
  };
}

export async function postTake(user: TestUser, overrides: Record<string, unknown> = {}) {
  const reply = await call('POST', '/api/takes', { token: user.idToken, body: takeBody(overrides) });
  if (reply.status !== 201) throw new Error(`create take failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as { _id: string; title: string; likes: number; dislikes: number; commentsCount: number; createdBy: { _id: string } };
}

/** Payloads that must never reach a query as operators. */
export const INJECTIONS: unknown[] = [{ $ne: null }, { $gt: '' }, { $where: '1' }, { $regex: '.*' }, ['a'], 'x'.repeat(100_000)];

/** The header that moves the server's clock for one request (lib/clock.ts; npm test sets TAKES_TEST_CLOCK). */
export const TEST_NOW = 'x-takes-test-now';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Headers for a request the server judges `ms` from now. */
export const inFuture = (ms: number) => ({ [TEST_NOW]: new Date(Date.now() + ms).toISOString() });
/** A report filed once this run's accounts are old enough to count toward hiding (REPORTER_MIN_ACCOUNT_AGE_MS). */
export const REPORT_LATER = (): Record<string, string> => inFuture(REPORTER_MIN_ACCOUNT_AGE_MS + DAY_MS);

/** Fans who have taken part, as a reporter in good standing must have (lib/data/moderation/reporter-standing.ts): each likes a take of the first. */
export async function takePart(users: TestUser[]): Promise<void> {
  const [first, ...others] = users;
  if (!first) return;
  const take = await postTake(first, { title: 'Taking part' });
  for (const user of others) {
    const reply = await call('POST', '/api/user-action', { token: user.idToken, body: { actionType: 'like', postID: take._id } });
    if (reply.status !== 200) throw new Error(`like failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

/**
 * A burst of image renders against one server: at least CAPTURE_RENDERS_AT_ONCE are drawn and the rest refused at
 * once, with 503, a Retry-After and an error that names what was busy.
 */
export async function expectRenderCap(replies: Response[], error: RegExp): Promise<void> {
  const statuses = replies.map((r) => r.status);
  expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(CAPTURE_RENDERS_AT_ONCE);
  const busy = replies.filter((r) => r.status === 503);
  expect(busy.length).toBeGreaterThan(0);
  for (const reply of busy) {
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await reply.json()) as { error: string }).error).toMatch(error);
  }
}
