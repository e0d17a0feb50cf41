import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { signInAdmin } from '@/tests/support/admin';
import { call, PLAYER, postTake, runScheduledJob, signUp, TEAMS, type Reply, type TestUser } from '@/tests/support/api';
import {
  dryRunRepair,
  killDatabase,
  restartDatabase,
  startCluster,
  startInstance,
  stopCluster,
  stopInstance,
  type Cluster,
} from '@/tests/support/cluster';
import { createAccount } from '@/tests/support/emulator';
import { freshPlayerId, freshTeamId, importFiles, LEAGUE_API, utcDay } from '@/tests/support/league';
import { appLogTail, logTail, waitUntil } from '@/tests/support/processes';

// Three `next start` processes of one build over one database and one Redis (tests/support/cluster.ts). Requests go
// round-robin, and a read goes to another instance than the write it follows.
let cluster: Cluster;
let conn: mongoose.Connection;
let turn = 0;
const next = () => ({ base: cluster.instances[turn++ % cluster.instances.length]!.url });
const on = (i: number) => ({ base: cluster.instances[i]!.url });
const as = (user: TestUser, where: { base: string }) => ({ token: user.idToken, ...where });
/** A reply's status; a server error comes with what instance `i` and the database logged, so its failure says why. */
const statusOf = (reply: Reply, i: number) =>
  reply.status < 500
    ? reply.status
    : {
        status: reply.status,
        body: reply.body,
        app: appLogTail(cluster.instances[i]!.url, 8),
        db: logTail(path.join(cluster.dir, 'localdb.log'), 20),
      };

beforeAll(async () => {
  cluster = await startCluster('multi', 3);
  // The suite's helpers (sign-up, the moderator) talk to the first instance.
  process.env.API_BASE_URL = cluster.instances[0]!.url;
  conn = await mongoose.createConnection(cluster.uri).asPromise();
}, 180_000);

afterAll(async () => {
  await conn?.close();
  stopCluster(cluster);
});

const feedIds = async (i: number) =>
  ((await call('GET', '/api/takes?sort=new&limit=50', on(i))).body as { _id: string }[]).map((t) => t._id);
const commentIds = async (i: number, takeId: string) =>
  ((await call('GET', `/api/comments?postID=${takeId}`, on(i))).body.comments as { _id: string }[]).map((c) => c._id);
const pageOf = async (i: number, path: string) => (await fetch(`${cluster.instances[i]!.url}${path}`)).text();

describe('what one instance writes, every other shows at once', () => {
  it('a new take, a comment and a deletion, in the API and on pages', async () => {
    const author = await signUp('multi');
    // Every instance has the lists cached before the writes.
    for (let i = 0; i < 3; i += 1) {
      await feedIds(i);
      await pageOf(i, '/');
    }
    const take = await postTake(author, { title: `Across instances ${Date.now().toString(36)}` });
    expect(take._id).toBeDefined();
    for (let i = 0; i < 3; i += 1) {
      expect(await feedIds(i)).toContain(take._id);
      expect(await pageOf(i, '/?sort=new')).toContain(take.title);
      expect(await commentIds(i, take._id)).toEqual([]);
    }

    const comment = await call('POST', '/api/comments', { ...as(author, on(1)), body: { text: 'Said on instance one', postID: take._id } });
    expect(statusOf(comment, 1)).toBe(201);
    for (const i of [0, 2]) expect(await commentIds(i, take._id)).toEqual([comment.body._id]);

    expect(statusOf(await call('DELETE', `/api/takes/${take._id}`, as(author, on(2))), 2)).toBe(200);
    for (const i of [0, 1]) {
      expect(await feedIds(i)).not.toContain(take._id);
      expect((await call('GET', `/api/takes/${take._id}`, on(i))).status).toBe(404);
      expect(await pageOf(i, '/?sort=new')).not.toContain(take.title);
    }
  }, 120_000);

  it("a moderator's hide", async () => {
    const author = await signUp('hidden');
    const admin = await signInAdmin();
    const take = await postTake(author);
    for (let i = 0; i < 3; i += 1) expect(await feedIds(i)).toContain(take._id);
    const hide = await call('POST', `/api/moderation/takes/${take._id}`, { ...as(admin, on(1)), body: { action: 'hide' } });
    expect(statusOf(hide, 1)).toBe(200);
    for (const i of [0, 2]) {
      expect(await feedIds(i)).not.toContain(take._id);
      expect((await call('GET', `/api/takes/${take._id}`, on(i))).status).toBe(404);
    }
  }, 120_000);

  it('a block holds on every instance for reactions, comments, replies and follows, even for a fan who reacted a moment ago', async () => {
    const [fan, troll] = await Promise.all([signUp('blocker'), signUp('troll')]);
    const take = await postTake(fan);
    const comment = (await call('POST', '/api/comments', { ...as(fan, on(0)), body: { text: 'Mine', postID: take._id } })).body;
    // The troll reacts through every instance first, so each has met them.
    for (let i = 0; i < 3; i += 1) {
      const kind = i % 2 ? 'dislike' : 'like';
      expect(
        statusOf(await call('POST', '/api/user-action', { ...as(troll, on(i)), body: { actionType: kind, postID: take._id } }), i),
      ).toBe(200);
    }
    expect(statusOf(await call('PUT', `/api/account/blocks/${troll._id}`, as(fan, on(0))), 0)).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const where = as(troll, on(i));
      expect(await call('POST', '/api/user-action', { ...where, body: { actionType: 'like', postID: take._id } })).toMatchObject({
        status: 403,
      });
      expect(await call('POST', '/api/comments', { ...where, body: { text: 'Hey', postID: take._id } })).toMatchObject({ status: 403 });
      expect(
        await call('POST', '/api/comments', { ...where, body: { text: 'Hey', postID: take._id, parentComment: comment._id } }),
      ).toMatchObject({ status: 403 });
      expect(await call('POST', `/api/users/${fan.uid}/follow`, where)).toMatchObject({ status: 403 });
    }
  }, 120_000);

  it("a follow shows in the follower's following feed and both profiles on the other instances", async () => {
    const [reader, star] = await Promise.all([signUp('reader'), signUp('star')]);
    const take = await postTake(star);
    for (let i = 0; i < 3; i += 1) {
      expect((await call('GET', '/api/takes/following', as(reader, on(i)))).body.takes).toEqual([]);
    }
    expect(statusOf(await call('POST', `/api/users/${star.uid}/follow`, as(reader, on(0))), 0)).toBe(200);
    for (const i of [1, 2]) {
      expect((await call('GET', '/api/takes/following', as(reader, on(i)))).body.takes.map((t: { _id: string }) => t._id)).toEqual([
        take._id,
      ]);
      const profile = await call('GET', `/api/users/full-profile/${star._id}`, as(reader, on(i)));
      expect(profile.body).toMatchObject({ isFollowing: true, followersCount: 1 });
    }
  }, 120_000);
});

describe('a league change made through one instance', () => {
  // Each instance keeps the league's names and reference lists under the league's version, read at most once a second
  // (lib/data/shared/league-version.ts): the others show a change within seconds, whatever they had cached.
  const SECONDS = 5_000;

  it("a trade and a rebrand show on the others' pages and API within seconds, and a take posted before the trade keeps the old team", async () => {
    const admin = await signInAdmin();
    const fan = await signUp('leaguemulti');
    const [from, to] = [TEAMS[10]!, TEAMS[11]!];
    const [player, team] = [freshPlayerId(), freshTeamId()];
    const fixtures = await importFiles(admin, [
      {
        name: 'fixtures.json',
        text: JSON.stringify({
          teams: [
            {
              team_id: team,
              name: 'Zzold Multis',
              city: 'Old',
              nickname: 'Multis',
              abbreviation: 'OLM',
              conference: 'East',
              primary_color: '#111111',
              secondary_color: '#222222',
            },
          ],
          players: [{ player_id: player, name: 'Zz Multi Guard', team_id: from.id }],
        }),
      },
    ]);
    expect(statusOf(fixtures, 0)).toBe(200);
    const before = await postTake(fan, { title: `Zz before the trade ${player}`, playerID: player, tags: [player] });
    const teamTake = await postTake(fan, { title: `Zz about the team ${team}`, entityType: 'team', playerID: null, team, tags: [team] });

    const pageOf = async (i: number) => String((await call('GET', `/players/${player}`, on(i))).body);
    const entityName = async (i: number, take: string) => (await call('GET', `/api/takes/${take}`, on(i))).body.entity.name as string;
    const teamNames = async (i: number) =>
      ((await call('GET', '/api/teams', on(i))).body as { id: number; name: string }[]).find((t) => t.id === team)?.name;
    // Every instance has the player's page, the team's name and the team list cached before the changes. The
    // import itself reaches the other instances within their version check too, so they are read once it has.
    for (let i = 0; i < 3; i += 1) {
      await waitUntil(async () => (await entityName(i, teamTake._id)) === 'Zzold Multis', SECONDS);
      expect(await pageOf(i)).toContain(from.name);
      expect(await teamNames(i)).toBe('Zzold Multis');
    }

    const trade = await call('POST', `${LEAGUE_API}/players/${player}/move`, {
      ...as(admin, on(1)),
      body: { team: to.id, from: utcDay(0) },
    });
    expect(statusOf(trade, 1)).toBe(200);
    const rebrand = await call('PATCH', `${LEAGUE_API}/teams/${team}`, {
      ...as(admin, on(1)),
      body: { name: 'Zznew Multis', nickname: 'Multis' },
    });
    expect(statusOf(rebrand, 1)).toBe(200);
    for (const i of [0, 2]) {
      await waitUntil(async () => (await pageOf(i)).includes('Formerly'), SECONDS);
      const page = await pageOf(i);
      expect(page).toContain(to.name);
      await waitUntil(async () => (await entityName(i, teamTake._id)) === 'Zznew Multis', SECONDS);
      await waitUntil(async () => (await teamNames(i)) === 'Zznew Multis', SECONDS);
      // The take posted before the trade keeps the old team, on its card and on that team's page, on every instance.
      expect((await call('GET', `/api/takes/${before._id}`, on(i))).body.playerTeam).toEqual({
        type: 'team',
        id: from.id,
        name: from.name,
      });
      expect(((await call('GET', `/api/teams/${from.id}?limit=50`, on(i))).body as { _id: string }[]).map((t) => t._id)).toContain(
        before._id,
      );
    }
  }, 120_000);
});

describe('a final recorded through one instance', () => {
  it('settles its calls, shown at once on every other: the chip on a cached thread, and Settled tonight', async () => {
    const admin = await signInAdmin();
    const author = await signUp('callmulti');
    const [away, home] = [TEAMS[24]!, TEAMS[25]!];
    const id = 930_000_000 + Math.floor(Math.random() * 1_000_000);
    const now = new Date();
    await conn.collection<{ _id: number } & Record<string, unknown>>('games').insertOne({
      _id: id,
      season: '2026-27',
      home: home.id,
      away: away.id,
      tipoff: new Date(now.getTime() + 2 * 60 * 60 * 1000),
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      rev: 1,
      createdAt: now,
      updatedAt: now,
    });
    const posted = await call('POST', '/api/takes', {
      ...as(author, on(0)),
      body: {
        title: 'Across instances, by 5',
        description: 'A call.',
        entityType: 'game',
        gameID: id,
        tags: [],
        call: { kind: 'margin', game: id, team: home.id, line: 5 },
      },
    });
    expect(statusOf(posted, 0)).toBe(201);
    const thread = async (i: number) => (await call('GET', `/api/games/${id}/takes`, on(i))).body.takes[0].call;
    const settled = async (i: number) => (await call('GET', `/api/games/${id}/calls`, on(i))).body.calls;
    // Every instance has the thread and Settled tonight cached before the final.
    for (let i = 0; i < 3; i += 1) {
      expect(await thread(i)).toMatchObject({ result: null });
      expect(await settled(i)).toEqual([]);
    }
    const final = await call('PATCH', `${LEAGUE_API}/games/${id}`, {
      ...as(admin, on(1)),
      body: { status: 'final', homeScore: 110, awayScore: 101 },
    });
    expect(statusOf(final, 1)).toBe(200);
    for (const i of [0, 2]) {
      expect(await thread(i)).toMatchObject({ result: 'hit' });
      expect(await settled(i)).toEqual([expect.objectContaining({ result: 'hit', text: `${home.nickname} by 5+` })]);
    }
  }, 120_000);
});

describe('counters across instances', () => {
  it('60 fans liking, disliking and switching through three instances leave every counter, fan split and ranking key exact', async () => {
    const author = await signUp('counted');
    const takes = [(await postTake(author))._id, (await postTake(author))._id] as string[];
    const fans = await Promise.all(Array.from({ length: 60 }, () => signUp('crowd')));
    // A third of the crowd are fans of the take's team, so the fan-base split moves too.
    await Promise.all(
      fans
        .slice(0, 20)
        .map((fan) => call('PUT', `/api/users/${fan._id}/favorite-team`, { ...as(fan, next()), body: { team: PLAYER.teamId } })),
    );
    const answers = await Promise.all(
      fans.map(async (fan, n) => {
        const statuses: number[] = [];
        for (const [step, kind] of (['like', 'dislike', n % 3 ? 'like' : 'dislike'] as const).entries()) {
          const reply = await call('POST', '/api/user-action', {
            ...as(fan, next()),
            body: { actionType: kind, postID: takes[(n + step) % 2] },
          });
          statuses.push(reply.status);
        }
        return statuses;
      }),
    );
    expect(answers.flat().every((s) => s === 200)).toBe(true);

    for (const id of takes) {
      const stored = await conn.collection('takes').findOne({ _id: new mongoose.Types.ObjectId(id) });
      const facts = conn.collection('useractions');
      const target = new mongoose.Types.ObjectId(id);
      expect(stored).toMatchObject({
        likes: await facts.countDocuments({ target, actionType: 'like' }),
        dislikes: await facts.countDocuments({ target, actionType: 'dislike' }),
      });
      expect(stored!.likes + stored!.dislikes).toBeGreaterThan(0);
    }
    // Counters, fan splits, entity stats and every ranking key agree with the facts.
    expect(dryRunRepair(cluster.uri)).toMatchObject({ counters: 0, rankingKeys: 0 });
  }, 240_000);

  it('a recount racing with likes made on the other instances loses none of them', async () => {
    const author = await signUp('raced');
    const takeId = (await postTake(author))._id as string;
    const _id = new mongoose.Types.ObjectId(takeId);
    const fans = await Promise.all(Array.from({ length: 30 }, () => signUp('racer')));
    // A counter knocked off its facts gives the recount something to write while the reactions land.
    await conn.collection('takes').updateOne({ _id }, { $inc: { likes: 7 } });
    let recounting = true;
    const recount = new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/repair-counts.ts'], {
        env: { ...process.env, MONGODB_URI: cluster.uri },
        stdio: 'ignore',
      });
      child.once('exit', (code) => {
        recounting = false;
        resolve(code ?? -1);
      });
    });
    // Every fan switches between like and dislike through the other two instances for as long as the recount runs.
    const reactions = Promise.all(
      fans.map(async (fan, n) => {
        const statuses: number[] = [];
        let kind: 'like' | 'dislike' = n % 2 ? 'like' : 'dislike';
        do {
          const reply = await call('POST', '/api/user-action', { ...as(fan, on(1 + (n % 2))), body: { actionType: kind, postID: takeId } });
          statuses.push(reply.status);
          kind = kind === 'like' ? 'dislike' : 'like';
        } while (recounting);
        return statuses;
      }),
    );
    const [code, statuses] = await Promise.all([recount, reactions]);
    expect(code).toBe(0);
    expect(statuses.flat().every((s) => s === 200)).toBe(true);
    // What the recount could not settle while the taps ran, the scheduled job settles once they stop: none lost, none doubled.
    await runScheduledJob();
    const stored = await conn.collection('takes').findOne({ _id });
    const facts = conn.collection('useractions');
    expect({ likes: stored!.likes, dislikes: stored!.dislikes }).toEqual({
      likes: await facts.countDocuments({ target: _id, actionType: 'like' }),
      dislikes: await facts.countDocuments({ target: _id, actionType: 'dislike' }),
    });
    expect(stored!.likes + stored!.dislikes).toBe(30);
  }, 240_000);

  it('an instance killed mid-write and the database killed mid-write leave nothing to fix after one run of the scheduled job', async () => {
    const author = await signUp('crash');
    const takes = await Promise.all(Array.from({ length: 4 }, async () => (await postTake(author))._id as string));
    const fans = await Promise.all(Array.from({ length: 24 }, () => signUp('loop')));
    const loop = (instances: number[], rounds: number) =>
      Promise.all(
        fans.map(async (fan, n) => {
          for (let r = 0; r < rounds; r += 1) {
            const where = as(fan, on(instances[(n + r) % instances.length]!));
            const postID = takes[(n + r) % takes.length];
            await call('POST', '/api/user-action', { ...where, body: { actionType: (n + r) % 2 ? 'like' : 'dislike', postID } }).catch(
              () => null,
            );
            await call('POST', '/api/user-action', { ...where, body: { actionType: 'favorite', postID } }).catch(() => null);
            await call('POST', '/api/comments', { ...where, body: { text: `round ${r}`, postID } }).catch(() => null);
          }
        }),
      );

    // An instance dies (SIGKILL) in the middle of a write loop that goes through it.
    const doomed = cluster.instances[2]!;
    const first = loop([2], 6);
    await new Promise((resolve) => setTimeout(resolve, 400));
    stopInstance(doomed, 'SIGKILL');
    await first;
    cluster.instances[2] = await startInstance(cluster, 'multi2b');

    // The database dies (SIGKILL) in the middle of another, and comes back on its store.
    const second = loop([0, 1], 6);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await killDatabase(cluster);
    await second;
    await restartDatabase(cluster);

    const before = dryRunRepair(cluster.uri);
    const job = await runScheduledJob();
    expect(job.status).toBe(200);
    const after = dryRunRepair(cluster.uri);
    expect({ counters: after.counters, rankingKeys: after.rankingKeys }).toEqual({ counters: 0, rankingKeys: 0 });
    // What the crashes left off is what the job fixed.
    expect(job.body.healed).toBeGreaterThanOrEqual(before.counters);
  }, 300_000);
});

/** Established TCP connections to the database's port, from every process on this machine (Linux's /proc/net/tcp). */
function connectionsToDatabase(): number {
  const port = cluster.dbPort.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, , remote, state] = line.trim().split(/\s+/);
      return remote?.endsWith(`:${port}`) && state === '01';
    }).length;
}

describe('connections', () => {
  it('each instance keeps to its small pool under a burst of requests', async () => {
    const author = await signUp('burst');
    const takeId = (await postTake(author))._id;
    const burst = await Promise.all(
      cluster.instances.flatMap((_, i) => Array.from({ length: 60 }, () => call('GET', `/api/takes/${takeId}/counts`, on(i)))),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
    // Per instance: its pool (MONGODB_MAX_POOL_SIZE, 5 by default) and the driver's two monitoring connections;
    // beside them, this test's own connection and the database's other clients (a seed or repair run) hold a few.
    expect(connectionsToDatabase()).toBeLessThanOrEqual(cluster.instances.length * 7 + 6);
  }, 120_000);
});

describe('an empty database', () => {
  it('gets its indexes from the first instances, built once, before any write that needs them', async () => {
    const empty = { uri: cluster.uri.replace(/\/[^/]*$/, `/takes-empty-${Date.now().toString(36)}`), redisUrl: cluster.redisUrl };
    const [a, b] = await Promise.all([startInstance(empty, 'emptya'), startInstance(empty, 'emptyb')]);
    try {
      // Through the driver's own handle: a Mongoose useDb child once had no database handle yet in a full run
      // ("Cannot read properties of undefined (reading 'collection')"); the driver's db() is one synchronously.
      const db = conn.getClient().db(empty.uri.split('/').at(-1)!);
      expect(await db.collection('systemstate').findOne({ _id: 'schema' as never })).toMatchObject({ builds: 1 });
      const indexes = await db.collection('users').indexes();
      expect(indexes.find((ix) => ix.name === 'username_1')).toMatchObject({ unique: true });
      // Two fans ask for one username at once, through the two instances: one gets it.
      const [one, two] = await Promise.all([createAccount('first'), createAccount('second')]);
      const username = `same${Date.now().toString(36).slice(-8)}`;
      const replies = await Promise.all([
        call('POST', '/api/users', { token: one.idToken, base: a.url, body: { username } }),
        call('POST', '/api/users', { token: two.idToken, base: b.url, body: { username } }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    } finally {
      stopInstance(a);
      stopInstance(b);
    }
  }, 180_000);
});
