import { oneComment } from '@/lib/data/comments/comments';
import { gameThreadFor } from '@/lib/data/discovery/game-thread';
import { fanFilters, markNotWatched, markWatched, addMuteRule, removeMuteRule, watchTeamLater } from '@/lib/data/filters/filter-settings';
import { readerFor } from '@/lib/data/filters/reader';
import { shownGame } from '@/lib/data/filters/lists';
import { slateOf } from '@/lib/data/games/games';
import { liveTake, newestTake } from '@/lib/data/notifications/live';
import { listNotifications } from '@/lib/data/notifications/notifications';
import { muteRuleBody, shieldBody } from '@/lib/validation/filters';
import { Game, MuteRule, Player } from '@/models';
import { at, inFuture } from '@/tests/data/support/clock';
import {
  comment,
  commentsPage,
  entityTakes,
  exportOf,
  type Fan,
  feed,
  followFan,
  followingPage,
  notifications,
  oid,
  outcome,
  PLAYERS,
  plain,
  postTake,
  profile,
  readerOf,
  runScheduledJob,
  search,
  signUp,
  takeAs,
  TEAMS,
  trending,
} from '@/tests/data/support/fans';

/**
 * A fan's own filters (docs/product.md#filters), through the data layer against the real database: muted words,
 * players and teams, hide or collapse, the spoiler shield, and that nobody else is touched. The pages that render them
 * for the fan are tests/api/filters.test.ts's.
 */

const HOUR = 60 * 60 * 1000;
const [HOME, AWAY, OTHER] = [TEAMS[24]!, TEAMS[25]!, TEAMS[26]!];
const AWAY_PLAYER = PLAYERS.find((p) => p.teamId === AWAY.id)!;
const TRADED = PLAYERS.find((p) => p.teamId === OTHER.id)!;

const tag = () => `zq${Math.random().toString(36).slice(2, 9)}`;
const teamTake = (team: (typeof TEAMS)[number], extra: Record<string, unknown> = {}) =>
  ({ entityType: 'team', playerID: null, team: team.id, tags: [team.id], ...extra }) as const;
const playerTake = (player: { id: number }, extra: Record<string, unknown> = {}) =>
  ({ entityType: 'player', playerID: player.id, team: null, tags: [player.id], ...extra }) as const;

type Listed = { _id: string; title?: string; collapsed?: { reason: string; label: string; game: number | null } } & Record<string, any>;
/** Runs `read` at the server's time `when`, or now. */
const whenAt = <T>(when: Date | undefined, read: () => Promise<T>) => (when ? at(when, read) : read());
const newest = async (user: Fan | null, when?: Date) => (await whenAt(when, () => feed(user, 'sort=new&limit=50'))).takes as Listed[];
const searched = async (q: string, user: Fan | null) => (await search(user, q)) as Listed[];
const find = (list: Listed[], id: string) => list.find((t) => t._id === id);
/** GET /api/account/filters. */
const filters = async (user: Fan, when?: Date) => plain(await whenAt(when, () => fanFilters(user.id)));
/** POST /api/account/filters/mutes: the fan's filters as they now stand, or the refusal. */
const muteAs = (user: Fan, body: Record<string, unknown>) =>
  outcome(async () => {
    await addMuteRule(user.id, muteRuleBody.parse(body));
    return fanFilters(user.id);
  });
const watchLater = (user: Fan, team: number, hours: number) => watchTeamLater(user.id, team, shieldBody.parse({ hours }).hours);

let author: Fan;
let fan: Fan;
let other: Fan;
beforeAll(async () => {
  [author, fan, other] = await Promise.all([signUp('fltauthor'), signUp('fltfan'), signUp('fltother')]);
});

describe('muted words', () => {
  it('a fan mutes "trade": a take titled "Trade rumour" leaves their feed, search and lists, not another fan’s', async () => {
    const word = tag();
    const take = await postTake(author, { title: `Trade rumour ${word}` });
    const kept = await postTake(author, { title: `Contract talk ${word}` });
    expect(await muteAs(fan, { kind: 'word', word: 'trade' })).toMatchObject({
      status: 200,
      body: { mutes: [{ kind: 'word', word: 'trade', name: 'trade', action: 'hide', expiresAt: null }] },
    });
    expect(find(await newest(fan), take._id)).toBeUndefined();
    expect(find(await newest(fan), kept._id)).toMatchObject({ title: kept.title });
    expect(find(await newest(other), take._id)).toMatchObject({ title: take.title });
    expect(find(await newest(null), take._id)).toMatchObject({ title: take.title });
    expect((await searched(word, fan)).map((t) => t._id)).toEqual([kept._id]);
    expect((await searched(word, other)).map((t) => t._id).sort()).toEqual([take._id, kept._id].sort());

    const players = (await entityTakes(fan, 'player', PLAYERS[0]!.id, 'sort=newest&limit=50')) as Listed[];
    expect(find(players, take._id)).toBeUndefined();
    expect(find(players, kept._id)).toBeDefined();
    await followFan(fan, author);
    const following = (await followingPage(fan)).takes as Listed[];
    expect(find(following, take._id)).toBeUndefined();
    expect(find(following, kept._id)).toBeDefined();
    // Read on its own, by id, it is there: the page asks first (tests/api/filters.test.ts).
    expect(await takeAs(fan, take._id)).toMatchObject({ title: take.title });
  });

  it('match whole words only, whatever the case or accents', async () => {
    const reader = await signUp('fltwords');
    for (const word of ['heat', 'doncic', 'Šarić']) expect((await muteAs(reader, { kind: 'word', word })).status).toBe(200);
    const wheat = await postTake(author, { title: 'Wheat fields forever', description: 'Nothing about basketball.' });
    const heat = await postTake(author, { title: 'The HEAT check era' });
    const luka = await postTake(author, { title: 'Dončić carries again' });
    const dario = await postTake(author, { title: 'saric off the bench', description: 'Accents or not.' });
    const list = await newest(reader);
    expect(find(list, wheat._id)).toBeDefined();
    for (const hidden of [heat, luka, dario]) expect(find(list, hidden._id)).toBeUndefined();
    expect((await filters(reader)).mutes.map((m: { name: string }) => m.name).sort()).toEqual(['doncic', 'heat', 'Šarić'].sort());
  });

  it('expire after the time chosen, and the scheduled job sweeps them', async () => {
    const reader = await signUp('fltexpiry');
    const take = await postTake(author, { title: `Trade machine ${tag()}` });
    await muteAs(reader, { kind: 'word', word: 'machine', duration: '24h' });
    const rule = (await filters(reader)).mutes[0];
    expect(Date.parse(rule.expiresAt) - Date.now()).toBeGreaterThan(23 * HOUR);
    expect(find(await newest(reader), take._id)).toBeUndefined();
    expect(find(await newest(reader, inFuture(23 * HOUR)), take._id)).toBeUndefined();
    expect(find(await newest(reader, inFuture(25 * HOUR)), take._id)).toBeDefined();
    expect((await filters(reader, inFuture(25 * HOUR))).mutes).toEqual([]);
    // Once its day is over the scheduled job removes it.
    expect((await runScheduledJob(inFuture(25 * HOUR))).sweptMuteRules).toBeGreaterThanOrEqual(1);
    expect(await MuteRule.exists({ _id: rule._id })).toBeNull();
    expect(find(await newest(reader), take._id)).toBeDefined();
  });

  it('collapse instead, sending the reason and none of the take; reading it by id shows it', async () => {
    const reader = await signUp('fltfold');
    const word = tag();
    const take = await postTake(author, { title: `Blockbuster swap ${word}`, description: `Secret details ${word}` });
    await muteAs(reader, { kind: 'word', word: 'BLOCKBUSTER', action: 'collapse', duration: '7d' });
    const collapsed = find(await newest(reader), take._id);
    expect(collapsed).toEqual({
      _id: take._id,
      createdAt: expect.any(String),
      createdBy: expect.objectContaining({ _id: author._id }),
      collapsed: { reason: 'word', label: 'Muted word: “BLOCKBUSTER”', game: null },
    });
    expect(JSON.stringify(await newest(reader))).not.toContain(word);
    expect(await takeAs(reader, take._id)).toMatchObject({ title: take.title });
    const expires = Date.parse((await filters(reader)).mutes[0].expiresAt);
    expect(Math.round((expires - Date.now()) / HOUR)).toBe(7 * 24);
  });

  it('fill a page past what they hide, with the cursor right after the last take shown', async () => {
    const reader = await signUp('fltpages');
    const word = tag();
    await muteAs(reader, { kind: 'word', word });
    const posted: Awaited<ReturnType<typeof postTake>>[] = [];
    // Newest first: A6, then four hidden ones, then A1.
    for (const i of [1, 2, 3, 4, 5, 6])
      posted.push(await postTake(author, { title: i === 1 || i === 6 ? `Shown ${i}` : `Hidden ${word} ${i}` }));
    const first = await feed(reader, 'sort=new&limit=2');
    expect(first.takes.map((t) => t._id)).toEqual([posted[5]!._id, posted[0]!._id]);
    const second = await feed(reader, `sort=new&limit=2&cursor=${first.nextCursor}`);
    expect(second.takes).toHaveLength(2);
    expect(second.takes.some((t) => posted.some((p) => p._id === t._id))).toBe(false);
    // Another fan reads the same list, page by page, unfilled.
    expect((await feed(other, 'sort=new&limit=2')).takes.map((t) => t._id)).toEqual([posted[5]!._id, posted[4]!._id]);
  });

  it('refuse what cannot be muted, with words a person can act on', async () => {
    expect(await muteAs(fan, { kind: 'word', word: '🔥🔥' })).toMatchObject({
      status: 400,
      body: { error: 'word: A muted word needs a letter or a digit.' },
    });
    expect((await muteAs(fan, { kind: 'word', word: 'x'.repeat(41) })).status).toBe(400);
    expect((await muteAs(fan, { kind: 'player', id: 1 })).status).toBe(404);
    expect((await muteAs(fan, { kind: 'word', word: 'ok', duration: 'forever' })).body.error).toMatch(/24h, 7d or always/);
  });
});

describe('muted players and teams', () => {
  it('catch takes by their subject, under any title and after a trade', async () => {
    const playerFan = await signUp('fltplayer');
    const teamFan = await signUp('fltteam');
    await muteAs(playerFan, { kind: 'player', id: TRADED.id, action: 'collapse' });
    await muteAs(teamFan, { kind: 'team', id: OTHER.id });
    const nickname = await postTake(author, { ...playerTake(TRADED), title: `The franchise is washed ${tag()}` });
    const tagged = await postTake(author, { ...teamTake(HOME, { tags: [HOME.id, TRADED.id] }), title: `Depth chart ${tag()}` });
    const elsewhere = await postTake(author, { ...teamTake(HOME), title: `Home opener ${tag()}` });
    await Player.updateOne({ _id: TRADED.id }, { $set: { teamId: HOME.id } });
    const afterTrade = await postTake(author, { ...playerTake(TRADED), title: `New team, same guy ${tag()}` });
    const playerFeed = await newest(playerFan);
    for (const t of [nickname, tagged, afterTrade])
      expect(find(playerFeed, t._id)?.collapsed).toEqual({ reason: 'player', label: `Muted player: ${TRADED.name}`, game: null });
    expect(find(playerFeed, elsewhere._id)).toMatchObject({ title: elsewhere.title });
    const teamFeed = await newest(teamFan);
    // Posted while he played for the muted team: about that team, still, after he left it.
    expect(find(teamFeed, nickname._id)).toBeUndefined();
    expect(find(teamFeed, afterTrade._id)).toMatchObject({ title: afterTrade.title });
    expect(find(await newest(other), nickname._id)).toMatchObject({ title: nickname.title });
    expect((await filters(teamFan)).mutes).toEqual([expect.objectContaining({ kind: 'team', id: OTHER.id, name: OTHER.name })]);
  });
});

describe('comment threads and notifications', () => {
  it('leave out or collapse comments and the notifications that quote them, for the fan only', async () => {
    const owner = await signUp('fltowner');
    const commenter = await signUp('fltcommenter');
    const take = await postTake(owner, { title: `Thread ${tag()}` });
    await muteAs(owner, { kind: 'word', word: 'overrated', action: 'collapse' });
    await muteAs(owner, { kind: 'word', word: 'trash' });
    const post = (text: string) => comment(commenter, { text, postID: take._id });
    const collapsed = await post('He is OVERRATED, sorry');
    await post('Total trash take');
    const fine = await post('Great call');
    const thread = (user: Fan, reveal = false) => commentsPage(user, take._id, reveal ? 'reveal=true' : '');

    const mine = await thread(owner);
    expect(mine.comments.map((c: { _id: string }) => c._id)).toEqual([fine._id, collapsed._id]);
    expect(mine.comments[1]).toEqual({
      _id: collapsed._id,
      postID: take._id,
      parentComment: null,
      user: expect.objectContaining({ _id: commenter._id }),
      createdAt: expect.any(String),
      repliesCount: 0,
      collapsed: { reason: 'word', label: 'Muted word: “overrated”', game: null },
    });
    expect(JSON.stringify(mine)).not.toMatch(/OVERRATED|trash/);
    // Asked to see the thread: what was collapsed shows; what they hide stays out.
    expect((await thread(owner, true)).comments.map((c: { text: string }) => c.text)).toEqual(['Great call', 'He is OVERRATED, sorry']);
    expect(plain(await oneComment(collapsed._id))).toMatchObject({ text: 'He is OVERRATED, sorry' });
    expect((await thread(commenter)).comments).toHaveLength(3);

    const bell = (await notifications(owner)).notifications.filter((n) => n.take?._id === take._id);
    expect(bell.map((n) => n.collapsed ?? n.comment?._id)).toEqual([
      fine._id,
      { reason: 'word', label: 'Muted word: “overrated”', game: null },
    ]);
    expect(bell[1]).toMatchObject({ take: { _id: take._id, title: '' }, comment: null });
    // GET /api/notifications/{id}: one of the fan's own, whole.
    const whole = async (user: Fan) => plain((await listNotifications(user.id, { only: oid(bell[1]!._id) })).notifications);
    expect(await whole(owner)).toEqual([
      expect.objectContaining({
        comment: expect.objectContaining({ text: 'He is OVERRATED, sorry' }),
        take: expect.objectContaining({ title: take.title }),
      }),
    ]);
    expect(await whole(commenter)).toEqual([]);
  });
});

describe('the spoiler shield', () => {
  const gameId = 990_000_000 + Math.floor(Math.random() * 1_000_000);
  const tipoff = new Date(Date.now() - 30 * 60 * 1000);
  const label = `Spoiler: ${AWAY.nickname} @ ${HOME.nickname}`;
  const spoiler = { reason: 'spoiler', label, game: gameId };
  let watcher: Fan;
  let onHome: { _id: string; title: string };
  let onAwayPlayer: { _id: string; title: string };
  let unrelated: { _id: string; title: string };
  let word: string;

  beforeAll(async () => {
    await Game.create({
      _id: gameId,
      season: '2026-27',
      home: HOME.id,
      away: AWAY.id,
      tipoff,
      status: 'live',
      homeScore: 131,
      awayScore: 127,
    });
    watcher = await signUp('fltwatch');
    word = tag();
    onHome = await postTake(author, {
      ...teamTake(HOME),
      title: `${HOME.nickname} up 20 ${word}`,
      description: `Final score talk ${word}`,
    });
    onAwayPlayer = await postTake(author, { ...playerTake(AWAY_PLAYER), title: `${AWAY_PLAYER.name} went off ${word}` });
    unrelated = await postTake(author, { ...teamTake(OTHER), title: `Quiet night ${tag()}` });
    await watchLater(watcher, HOME.id, 24);
    expect((await filters(watcher)).watchLater).toEqual([{ team: HOME.id, name: HOME.name, hours: 24 }]);
  });

  it('collapses takes naming the game’s teams or their players, from tip-off, in the feed, search and entity pages', async () => {
    const list = await newest(watcher);
    expect(find(list, onHome._id)).toEqual({
      _id: onHome._id,
      createdAt: expect.any(String),
      createdBy: expect.any(Object),
      collapsed: spoiler,
    });
    expect(find(list, onAwayPlayer._id)?.collapsed).toEqual(spoiler);
    expect(find(list, unrelated._id)).toMatchObject({ title: unrelated.title });
    expect(JSON.stringify(list)).not.toContain(`up 20 ${word}`);
    expect(find(await newest(other), onHome._id)).toMatchObject({ title: onHome.title });

    const found = await searched(word, watcher);
    expect(
      found
        .filter((t) => t.collapsed)
        .map((t) => t._id)
        .sort(),
    ).toEqual([onHome._id, onAwayPlayer._id].sort());
    expect(JSON.stringify(found)).not.toContain('went off');
    expect(find((await entityTakes(watcher, 'team', HOME.id, 'sort=newest&limit=50')) as Listed[], onHome._id)?.collapsed).toEqual(spoiler);
    expect(
      find((await entityTakes(watcher, 'player', AWAY_PLAYER.id, 'sort=newest&limit=50')) as Listed[], onAwayPlayer._id)?.collapsed,
    ).toEqual(spoiler);

    // Before tip-off nothing is shielded.
    expect(find(await newest(watcher, new Date(tipoff.getTime() - 5 * 60 * 1000)), onHome._id)).toMatchObject({ title: onHome.title });
    expect((await filters(watcher)).games).toEqual([
      expect.objectContaining({ _id: gameId, matchup: `${AWAY.nickname} @ ${HOME.nickname}`, state: 'shielded', marked: false }),
    ]);
  });

  it('collapses the game’s comments, trending and notifications, with nothing of it in the polls', async () => {
    const commenters = await Promise.all([1, 2, 3, 4].map(() => signUp('fltcomm')));
    // Forty comments since tip-off put the take at the head of the last 12 hours' most commented.
    for (let i = 0; i < 40; i += 1) await comment(commenters[i % 4]!, { text: `Score is ${i}-${i}`, postID: onHome._id });
    expect(find((await trending(watcher, 'timeRange=12h&sort=comments')) as Listed[], onHome._id)?.collapsed).toEqual(spoiler);
    expect(find((await trending(null, 'timeRange=12h&sort=comments')) as Listed[], onHome._id)).toMatchObject({ title: onHome.title });

    const comments = await commentsPage(watcher, onHome._id);
    expect(comments.comments).toHaveLength(15);
    expect(comments.comments.every((c: Listed) => c.collapsed?.label === label)).toBe(true);
    expect(JSON.stringify(comments)).not.toContain('Score is');
    expect((await commentsPage(watcher, onHome._id, 'reveal=true')).comments[0].text).toMatch(/^Score is/);

    // The watcher's own take about the home team: theirs stays whole, the comments it draws since tip-off collapse.
    const own = await postTake(watcher, { ...teamTake(HOME), title: `My pregame ${tag()}` });
    expect(find(await newest(watcher), own._id)).toMatchObject({ title: own.title });
    await comment(commenters[0]!, { text: 'They won by 12', postID: own._id });
    const bell = (await notifications(watcher)).notifications;
    expect(bell[0]).toMatchObject({ type: 'comment', take: { _id: own._id, title: '' }, comment: null, collapsed: spoiler });
    expect(JSON.stringify(bell)).not.toContain('won by 12');

    // The polls carry counts, never what a take says.
    expect(Object.keys(plain(await liveTake(onHome._id))).sort()).toEqual(['commentsCount', 'dislikes', 'likes', 'shares']);
    expect(JSON.stringify(plain(await newestTake()))).not.toContain(word);
  });

  it('collapses the game’s thread and keeps its score off the slate', async () => {
    const onGame = await postTake(author, {
      entityType: 'game',
      gameID: gameId,
      playerID: null,
      team: null,
      specialID: null,
      tags: [gameId],
      title: `Blowout in the third ${word}`,
    });
    const thread = async (user: Fan) => plain<{ takes: Listed[] }>(await gameThreadFor(await readerOf(user), gameId, { limit: 10 }));
    const shielded = await thread(watcher);
    expect(find(shielded.takes, onGame._id)?.collapsed).toEqual(spoiler);
    expect(JSON.stringify(shielded)).not.toContain('Blowout');
    expect(find((await thread(other)).takes, onGame._id)).toMatchObject({ title: onGame.title });
    // Filed on the game, it collapses whenever it was posted: in the feed too.
    expect(find(await newest(watcher), onGame._id)?.collapsed).toEqual(spoiler);

    const day = tipoff.toISOString().slice(0, 10);
    const slateGame = async (user: Fan) => {
      const [slate, reader] = await Promise.all([slateOf(day, 'UTC'), readerFor(user._id)]);
      return plain(slate.games.map((game) => shownGame(reader, game)).find((g) => g.id === gameId));
    };
    expect(await slateGame(watcher)).toMatchObject({ awayScore: null, homeScore: null });
    expect(await slateGame(other)).toMatchObject({ awayScore: 127, homeScore: 131 });
  });

  it('lifts when the fan taps Watched, or when the hours they chose have passed', async () => {
    const later = await signUp('fltlater');
    await watchLater(later, AWAY.id, 3);
    expect(find(await newest(later), onHome._id)?.collapsed).toEqual(spoiler);
    expect(find(await newest(later, inFuture(3 * HOUR)), onHome._id)).toMatchObject({ title: onHome.title });

    await markWatched(watcher.id, gameId);
    expect((await filters(watcher)).games).toEqual([expect.objectContaining({ _id: gameId, state: 'watched' })]);
    expect(find(await newest(watcher), onHome._id)).toMatchObject({ title: onHome.title });
    // Not watched yet after all: shielded again.
    await markNotWatched(watcher.id, gameId, 6);
    expect(find(await newest(watcher), onHome._id)?.collapsed).toEqual(spoiler);
  });

  it('shields a single game marked not watched yet, and only from its tip-off', async () => {
    const single = await signUp('fltsingle');
    const upcoming = gameId + 1;
    await Game.create({ _id: upcoming, season: '2026-27', home: OTHER.id, away: HOME.id, tipoff: new Date(Date.now() + 5 * HOUR) });
    await markNotWatched(single.id, upcoming, 12);
    await markNotWatched(single.id, gameId, 12);
    const answer = await filters(single);
    expect(answer.games.map((g: { _id: number; state: string; marked: boolean }) => [g._id, g.state, g.marked])).toEqual([
      [gameId, 'shielded', true],
      [upcoming, 'upcoming', true],
    ]);
    expect(answer.slate.map((g: { _id: number }) => g._id)).toEqual(expect.arrayContaining([gameId, upcoming]));
    expect(find(await newest(single), onHome._id)?.collapsed).toEqual(spoiler);
    expect(find(await newest(single), unrelated._id)).toMatchObject({ title: unrelated.title });
    expect((await outcome(() => markNotWatched(single.id, 1, 12))).status).toBe(404);
  });
});

describe('privacy', () => {
  it('no other fan can read or change a fan’s filters, and the data download includes them', async () => {
    const owner = await signUp('fltprivate');
    await muteAs(owner, { kind: 'word', word: 'secretword', action: 'collapse', duration: '7d' });
    await muteAs(owner, { kind: 'team', id: OTHER.id });
    await watchLater(owner, HOME.id, 48);
    const mine = await filters(owner);
    expect(mine.mutes).toHaveLength(2);

    expect(JSON.stringify(await filters(other))).not.toContain('secretword');
    const rule = mine.mutes.find((m: { kind: string }) => m.kind === 'word')._id;
    expect((await outcome(() => removeMuteRule(other.id, rule))).status).toBe(404);
    expect((await filters(owner)).mutes).toHaveLength(2);
    // Nothing public carries them.
    expect(JSON.stringify(await profile(owner))).not.toContain('secretword');

    const data = await exportOf(owner);
    expect(data.mutes).toEqual(
      expect.arrayContaining([
        { kind: 'word', word: 'secretword', action: 'collapse', expiresAt: expect.any(String), since: expect.any(String) },
        { kind: 'team', teamID: OTHER.id, action: 'hide', expiresAt: null, since: expect.any(String) },
      ]),
    );
    expect(data.spoilerShield).toEqual([{ kind: 'watch-later', teamID: HOME.id, hours: 48, since: expect.any(String) }]);

    await removeMuteRule(owner.id, rule);
    expect((await filters(owner)).mutes).toHaveLength(1);
  });
});
