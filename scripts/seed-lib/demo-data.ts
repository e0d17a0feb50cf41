import { Types } from 'mongoose';
import { hotScore, popularity, spice, topicScore, wilsonLowerBound } from '@/lib/discovery/ranking';
import { countedKeys, entityKey, splitKey, type EntityType } from '@/lib/league/entities';
import { checkBackOptions, dayStart, utcDay } from '@/lib/receipts/receipts';
import { searchKeys } from '@/lib/discovery/search-keys';

export const DEMO_PASSWORD = 'takes-demo-1';
export const DEMO_EMAIL = 'demo@takes.test';

export type ReferenceData = {
  teams: {
    id: number;
    name: string;
    abbreviation: string;
    city: string;
    nickname: string;
    conference: 'East' | 'West';
    primaryColor: string;
    secondaryColor: string;
  }[];
  players: { id: number; name: string; teamId: number; position: string; jersey: string }[];
  topics: { id: string; name: string; description: string }[];
};

type FocusRef = { type: 'player'; name: string } | { type: 'team'; abbreviation: string } | { type: 'special'; id: string };

export type DemoContent = {
  takes: { focus: FocusRef; title: string; description: string; extraTags: FocusRef[] }[];
  comments: string[];
  replies: string[];
  usernames: string[];
  reportReasons: string[];
};

type Focus = { type: EntityType; id: number | string; label: string };

const TOTAL_TAKES = 330;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Favourite teams of the demo users (by abbreviation), bunched on a few big
 * fan bases so the fan-base split and trending's divisive view have enough
 * fans to show on `npm run dev`; the rest of the users have no team.
 */
const FAN_BASES = [
  'BOS',
  'BOS',
  'BOS',
  'BOS',
  'BOS',
  'BOS',
  'BOS',
  'LAL',
  'LAL',
  'LAL',
  'LAL',
  'LAL',
  'LAL',
  'GSW',
  'GSW',
  'GSW',
  'GSW',
  'GSW',
  'NYK',
  'NYK',
  'NYK',
  'NYK',
  'DEN',
  'DEN',
  'OKC',
];

/** Extra takes from templates, so the feed has a few hundred without repeating a title. */
const PLAYER_TEMPLATES: [string, string][] = [
  [
    '{x} is the most underrated player in the league',
    'Nobody talks about {x} enough. The film shows the effort plays, the spacing and the late-game poise every single night.',
  ],
  [
    '{x} makes an All-NBA team this season',
    'The usage is up, the efficiency held, and the team wins when {x} is on the floor. Voters will notice by April.',
  ],
  [
    '{x} is one bad month from being overrated',
    'Great counting stats, but the defense comes and goes. A cold stretch and the whole narrative flips.',
  ],
  [
    'Trade for {x} at the deadline and thank me later',
    'Any contender missing a piece should be calling about {x}. Two-way value on a fair contract is rare.',
  ],
  [
    '{x} has the best footwork in the league right now',
    'Watch the pivots and the up-fakes. {x} gets to the spot without needing to outrun anyone.',
  ],
  [
    '{x} is a top-3 closer in crunch time',
    'When the game is within five in the last two minutes, give {x} the ball and get out of the way.',
  ],
  ['{x} needs a bigger role, full stop', 'The minutes do not match the impact. Every lineup with {x} in it wins its stretch.'],
];
const TEAM_TEMPLATES: [string, string][] = [
  [
    'The {x} are a real playoff threat this year',
    'Healthy rotation, real defensive identity and a closer. The {x} will be a tough out for anybody.',
  ],
  [
    'The {x} should blow it up and rebuild',
    'The ceiling is a first-round exit. Sell the veterans, stack the picks and reset the timeline.',
  ],
  [
    'The {x} have the best home crowd in the league',
    'Loudest building in the league when it matters. Road teams shoot worse there and it shows.',
  ],
  ['The {x} bench is quietly elite', 'Second units decide regular seasons. The {x} win the minutes their starters sit and nobody says it.'],
  [
    'The {x} are one trade away from a title run',
    'The core is there. Swap two mid contracts for a real third option and the {x} become favourites.',
  ],
];

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable ObjectId per (collection, variant, index), so a re-run inserts nothing new. */
const demoId = (kind: number, variant: number, n: number) =>
  new Types.ObjectId(kind.toString(16).padStart(2, '0') + variant.toString(16).padStart(6, '0') + n.toString(16).padStart(16, '0'));

/**
 * The demo world: users, takes, comments, reactions, follows and reports.
 * `variant` builds another world of the same shape with its own randomness,
 * ids and usernames (variant 0 is the demo seed); `npm run bench` joins
 * variants into its larger data sets, so their proportions are the demo's.
 */
export function buildDemoData(ref: ReferenceData, content: DemoContent, now: Date, { variant = 0, takes: takeCount = TOTAL_TAKES } = {}) {
  const oid = (kind: number, n: number) => demoId(kind, variant, n);
  const rand = mulberry32(20250223 + variant);
  const int = (max: number) => Math.floor(rand() * max);
  const pick = <T>(items: T[]): T => items[int(items.length)] as T;
  const shuffled = <T>(items: T[]) =>
    items
      .map((v) => [rand(), v] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, v]) => v);
  const between = (from: number, to: number) => new Date(from + rand() * Math.max(0, to - from));

  const players = new Map(ref.players.map((p) => [p.name, p]));
  const teams = new Map(ref.teams.map((t) => [t.abbreviation, t]));
  const topics = new Set(ref.topics.map((t) => t.id));
  const resolve = (f: FocusRef): Focus | null => {
    if (f.type === 'player') {
      const p = players.get(f.name);
      return p ? { type: 'player', id: p.id, label: p.name } : null;
    }
    if (f.type === 'team') {
      const t = teams.get(f.abbreviation);
      return t ? { type: 'team', id: t.id, label: t.nickname } : null;
    }
    return topics.has(f.id) ? { type: 'special', id: f.id, label: f.id } : null;
  };

  // The names search finds a take's focus by, as the app's directory names them.
  const focusNames = new Map<string, string>([
    ...ref.players.map((p) => [entityKey('player', p.id), p.name] as const),
    ...ref.teams.map((t) => [entityKey('team', t.id), t.name] as const),
    ...ref.topics.map((t) => [entityKey('special', t.id), t.name] as const),
  ]);

  const created = new Date(now.getTime() - 30 * 24 * HOUR);
  const users = content.usernames.map((name, i) => {
    const username = variant ? `${name.slice(0, 9)}_${variant.toString(36)}` : name;
    return {
      _id: oid(1, i),
      firebaseUID: `demo-${username}`,
      email: i === 0 && !variant ? DEMO_EMAIL : `${username}@takes.test`,
      username,
      profilePictureUrl: null,
      bio: '',
      followersCount: 0,
      followingCount: 0,
      postsCount: 0,
      favoriteTeam: null as number | null,
      createdAt: created,
      updatedAt: created,
    };
  });
  // Favourite teams, receipts and fans' reactions draw on their own randomness, so the rest of the world stays as it was.
  const extra = mulberry32(20261123 + variant);
  const teamIds = new Map(ref.teams.map((t) => [t.abbreviation, t.id]));
  const playerTeams = new Map(ref.players.map((p) => [p.id, p.teamId]));
  const teamIdSet = new Set(ref.teams.map((t) => t.id));
  for (const [i, abbreviation] of FAN_BASES.entries()) {
    const user = users[i];
    if (user) user.favoriteTeam = teamIds.get(abbreviation) ?? null;
  }

  const drafts: { focus: Focus; tags: (number | string)[]; title: string; description: string }[] = [];
  for (const take of content.takes) {
    const focus = resolve(take.focus);
    if (!focus) continue;
    const extra = take.extraTags.map(resolve).filter((t): t is Focus => t !== null && t.id !== focus.id);
    drafts.push({
      focus,
      tags: [focus.id, ...new Set(extra.map((t) => t.id))].slice(0, 5),
      title: take.title,
      description: take.description,
    });
  }
  const templatePlayers = shuffled(ref.players);
  const templateTeams = shuffled(ref.teams);
  for (let i = 0; drafts.length < takeCount; i += 1) {
    const usePlayer = i % 3 !== 2;
    const [title, description] = usePlayer ? pick(PLAYER_TEMPLATES) : pick(TEAM_TEMPLATES);
    const subject = usePlayer ? templatePlayers[i % templatePlayers.length] : templateTeams[i % templateTeams.length];
    if (!subject) break;
    const label = 'nickname' in subject ? subject.nickname : subject.name;
    const focus: Focus = { type: usePlayer ? 'player' : 'team', id: subject.id, label };
    const fill = (s: string) => s.replaceAll('{x}', label);
    drafts.push({ focus, tags: [focus.id], title: fill(title).slice(0, 80), description: fill(description).slice(0, 300) });
  }

  const takes = [];
  const comments = [];
  const actions = [];
  let commentN = 0;
  let actionN = 0;
  const action = (
    user: Types.ObjectId,
    targetType: 'take' | 'comment',
    target: Types.ObjectId,
    slot: string,
    actionType: string,
    at: Date,
  ) => ({
    _id: oid(4, actionN++),
    user,
    targetType,
    target,
    slot,
    actionType,
    createdAt: at,
    updatedAt: at,
  });

  for (const [i, draft] of shuffled(drafts).slice(0, takeCount).entries()) {
    // Windows must differ: ~12% in the last 12h, ~10% 12-24h, ~40% 1-7 days, the rest 7-14 days.
    const u = rand();
    const hoursAgo = u < 0.12 ? rand() * 12 : u < 0.22 ? 12 + rand() * 12 : u < 0.62 ? 24 + rand() * 144 : 168 + rand() * 168;
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    const author = users[Math.floor(rand() ** 1.6 * users.length)] ?? users[0]!;
    const takeId = oid(2, i);
    // Skewed engagement: a few takes get most of it.
    const heat = rand() ** 2.5;
    const likeBias = 0.2 + 0.75 * rand();
    const others = shuffled(users.filter((x) => x._id !== author._id));
    const reactors = others.slice(0, Math.round(heat * others.length));
    const fanTeam =
      draft.focus.type === 'team'
        ? Number(draft.focus.id)
        : draft.focus.type === 'player'
          ? (playerTeams.get(Number(draft.focus.id)) ?? null)
          : null;
    // Fans find the takes about their team, and tend to love or hate them together.
    const fans = fanTeam === null ? [] : others.filter((u) => u.favoriteTeam === fanTeam);
    for (const fan of fans) if (!reactors.includes(fan) && extra() < 0.8) reactors.push(fan);
    const fanBias = extra() < 0.5 ? 0.85 : 0.15;
    let likes = 0;
    let dislikes = 0;
    let fanLikes = 0;
    let fanDislikes = 0;
    let favorites = 0;
    let shares = 0;
    for (const r of reactors) {
      const isFan = fanTeam !== null && r.favoriteTeam === fanTeam;
      const roll = rand();
      const liked = isFan ? extra() < fanBias : roll < likeBias;
      if (liked) likes++;
      else dislikes++;
      if (isFan && liked) fanLikes++;
      else if (isFan) fanDislikes++;
      actions.push({
        ...action(r._id, 'take', takeId, 'reaction', liked ? 'like' : 'dislike', between(at.getTime(), now.getTime())),
        team: r.favoriteTeam,
      });
      if (rand() < 0.12) {
        favorites++;
        actions.push(action(r._id, 'take', takeId, 'favorite', 'favorite', between(at.getTime(), now.getTime())));
      }
      if (rand() < 0.08) {
        shares++;
        actions.push(action(r._id, 'take', takeId, 'share', 'share', between(at.getTime(), now.getTime())));
      }
    }

    const topLevel = Math.floor(heat * 9 + rand() * 2);
    let commentsCount = 0;
    for (let c = 0; c < topLevel; c += 1) {
      const commenter = pick(users);
      const cAt = between(at.getTime(), now.getTime());
      const commentId = oid(3, commentN++);
      const replyCount = rand() < 0.35 ? 1 + int(3) : 0;
      const commentLikers = shuffled(users).slice(0, int(6));
      comments.push({
        _id: commentId,
        text: pick(content.comments),
        postID: takeId,
        parentComment: null,
        taggedUser: null,
        user: commenter._id,
        likes: commentLikers.length,
        dislikes: 0,
        repliesCount: replyCount,
        wilson: wilsonLowerBound(commentLikers.length, 0),
        createdAt: cAt,
        updatedAt: cAt,
      });
      for (const liker of commentLikers)
        actions.push(action(liker._id, 'comment', commentId, 'reaction', 'like', between(cAt.getTime(), now.getTime())));
      for (let r = 0; r < replyCount; r += 1) {
        const rAt = between(cAt.getTime(), now.getTime());
        const replier = pick(users);
        comments.push({
          _id: oid(3, commentN++),
          text: pick(content.replies),
          postID: takeId,
          parentComment: commentId,
          taggedUser: rand() < 0.6 ? commenter._id : null,
          user: replier._id,
          likes: 0,
          dislikes: 0,
          repliesCount: 0,
          wilson: 0,
          createdAt: rAt,
          updatedAt: rAt,
        });
      }
      commentsCount += 1 + replyCount;
    }

    const engagement = { likes, dislikes, commentsCount, shares, favorites };
    const key = entityKey(draft.focus.type, draft.focus.id);
    takes.push({
      _id: takeId,
      title: draft.title,
      description: draft.description,
      tags: draft.tags,
      entityType: draft.focus.type,
      playerID: draft.focus.type === 'player' ? draft.focus.id : null,
      team: draft.focus.type === 'team' ? draft.focus.id : null,
      specialID: draft.focus.type === 'special' ? draft.focus.id : null,
      entityKey: key,
      gameID: null,
      matchup: null,
      entityKeys: countedKeys(key, null, draft.focus.type === 'player' ? fanTeam : null),
      // The teams the take names, as createTake keeps them: its focus's and its tags' (players' teams as they play now).
      namedTeams: [
        ...new Set(
          [
            fanTeam,
            ...draft.tags.map((tag) => (typeof tag !== 'number' ? null : teamIdSet.has(tag) ? tag : (playerTeams.get(tag) ?? null))),
          ].filter((team): team is number => team !== null),
        ),
      ],
      league: 'nba',
      addType: 'user',
      createdBy: author._id,
      ...engagement,
      score: hotScore(engagement, at),
      popularity: popularity(engagement),
      wilson: wilsonLowerBound(likes, dislikes),
      spice: spice(likes, dislikes),
      fanTeam,
      fanLikes,
      fanDislikes,
      checkBackAt: null as Date | null,
      agedWell: 0,
      agedPoorly: 0,
      receiptVotes: 0,
      dueLikes: null as number | null,
      dueDislikes: null as number | null,
      searchKeys: searchKeys(draft.title, draft.description, focusNames.get(key) ?? '', author.username),
      createdAt: at,
      updatedAt: at,
    });
    author.postsCount += 1;
  }

  const receiptVotes = demoReceipts(takes, users, now, extra, (n) => oid(7, n));

  const follows = [];
  let followN = 0;
  for (const user of users) {
    for (const followee of shuffled(users.filter((u) => u !== user)).slice(0, 3 + int(8))) {
      follows.push({ _id: oid(5, followN++), follower: user._id, followee: followee._id, createdAt: created, updatedAt: created });
      user.followingCount += 1;
      followee.followersCount += 1;
    }
  }

  const reports = shuffled(takes)
    .slice(0, 6)
    .map((take, n) => {
      const reporter = users.find((u) => u._id !== take.createdBy) ?? users[0]!;
      return { _id: oid(6, n), take: take._id, user: reporter._id, reason: pick(content.reportReasons), createdAt: now, updatedAt: now };
    });

  const stats = new Map<
    string,
    {
      _id: string;
      entityType: EntityType;
      entityId: number | string;
      takes: number;
      likes: number;
      comments: number;
      shares: number;
      score: number;
    }
  >();
  // Every key a take counts for, as createTake stores them: a player's take counts for his team then too.
  for (const take of takes)
    for (const key of take.entityKeys) {
      const [type, id] = splitKey(key);
      const stat = stats.get(key) ?? {
        _id: key,
        entityType: type as EntityType,
        entityId: id,
        takes: 0,
        likes: 0,
        comments: 0,
        shares: 0,
        score: 0,
      };
      stat.takes += 1;
      stat.likes += take.likes;
      stat.comments += take.commentsCount;
      stat.shares += take.shares;
      stat.score = topicScore(stat);
      stats.set(key, stat);
    }

  return { users, takes, comments, actions, follows, reports, receiptVotes, entityStats: [...stats.values()] };
}

type DemoTake = {
  _id: Types.ObjectId;
  createdBy: Types.ObjectId;
  createdAt: Date;
  likes: number;
  dislikes: number;
  checkBackAt: Date | null;
  agedWell: number;
  agedPoorly: number;
  receiptVotes: number;
  dueLikes: number | null;
  dueDislikes: number | null;
};

/**
 * Receipts for the demo: resolved ones (due more than a week ago with enough
 * votes, one of them Called it), ones due now and still being voted on, and
 * pending ones with the create form's presets. The demo account gets some of
 * each, so its profile shows a record. Returns the votes; the takes are updated.
 */
function demoReceipts(
  takes: DemoTake[],
  users: { _id: Types.ObjectId }[],
  now: Date,
  rand: () => number,
  id: (n: number) => Types.ObjectId,
) {
  const demoUser = users[0]?._id;
  const age = (t: DemoTake) => now.getTime() - t.createdAt.getTime();
  // The demo account's takes and everyone else's, alternately: its profile shows a record, and so do others'.
  const mineFirst = (list: DemoTake[]) => {
    const mine = list.filter((t) => t.createdBy === demoUser);
    const theirs = list.filter((t) => t.createdBy !== demoUser);
    return Array.from({ length: Math.max(mine.length, theirs.length) }, (_, i) => [mine[i], theirs[i]])
      .flat()
      .filter((t): t is DemoTake => t !== undefined);
  };
  const shareOf = (t: DemoTake) => t.likes / Math.max(1, t.likes + t.dislikes);
  const votes: {
    _id: Types.ObjectId;
    take: Types.ObjectId;
    author: Types.ObjectId;
    user: Types.ObjectId;
    vote: 'well' | 'poorly';
    createdAt: Date;
    updatedAt: Date;
  }[] = [];
  const used = new Set<DemoTake>();

  const resolve = (take: DemoTake, checkBackAt: Date, count: number, wellShare: number) => {
    used.add(take);
    take.checkBackAt = checkBackAt;
    if (checkBackAt.getTime() <= now.getTime()) {
      // The split as it stood on the day, recorded by the first read after it.
      take.dueLikes = take.likes;
      take.dueDislikes = take.dislikes;
    }
    const voters = users
      .filter((u) => u._id !== take.createdBy)
      .map((u) => [rand(), u] as const)
      .sort((a, b) => a[0] - b[0])
      .slice(0, count)
      .map(([, u]) => u);
    for (const voter of voters) {
      const vote = rand() < wellShare ? 'well' : 'poorly';
      if (vote === 'well') take.agedWell += 1;
      else take.agedPoorly += 1;
      const at = new Date(checkBackAt.getTime() + rand() * Math.max(0, now.getTime() - checkBackAt.getTime()));
      votes.push({ _id: id(votes.length), take: take._id, author: take.createdBy, user: voter._id, vote, createdAt: at, updatedAt: at });
    }
    take.receiptVotes = take.agedWell + take.agedPoorly;
  };
  const day = (at: Date) => dayStart(utcDay(at))!;

  // Resolved: posted 11+ days ago, due two days after posting (so over a week ago).
  const old = mineFirst(takes.filter((t) => age(t) > 11 * DAY));
  const doubted = [...old].filter((t) => t.likes + t.dislikes >= 3).sort((a, b) => shareOf(a) - shareOf(b))[0];
  if (doubted && shareOf(doubted) < 0.3) resolve(doubted, day(new Date(doubted.createdAt.getTime() + 2 * DAY)), 16, 0.9);
  const wellShares = [0.85, 0.2, 0.8, 0.5, 0.15, 0.75, 0.9];
  for (const [i, take] of old
    .filter((t) => !used.has(t))
    .slice(0, wellShares.length)
    .entries()) {
    resolve(take, day(new Date(take.createdAt.getTime() + 2 * DAY)), 12 + Math.floor(rand() * 10), wellShares[i]!);
  }
  // Due now: came due in the last six days, still short of votes or of a week.
  const recent = mineFirst(takes.filter((t) => !used.has(t) && age(t) > 7 * DAY && age(t) < 11 * DAY));
  for (const [i, take] of recent.slice(0, 6).entries()) {
    const due = day(new Date(now.getTime() - (1 + i) * DAY));
    if (due.getTime() > take.createdAt.getTime()) resolve(take, due, [3, 12, 7, 0, 9, 5][i]!, 0.6);
  }
  // Pending: the presets a fan would pick when posting.
  const presets = checkBackOptions(now).map((o) => dayStart(o.day)!);
  const fresh = mineFirst(takes.filter((t) => !used.has(t) && age(t) < 3 * DAY));
  for (const [i, take] of fresh.slice(0, 8).entries())
    resolve(take, presets[i % presets.length] ?? day(new Date(now.getTime() + 30 * DAY)), 0, 0);
  return votes;
}
