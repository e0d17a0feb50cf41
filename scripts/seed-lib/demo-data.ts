import { Types } from 'mongoose';
import { hotScore, popularity } from '@/lib/ranking';
import { entityKey, type EntityType } from '@/lib/entities';

export const DEMO_PASSWORD = 'takes-demo-1';
export const DEMO_EMAIL = 'demo@takes.test';

export type ReferenceData = {
  teams: { id: number; name: string; abbreviation: string; city: string; nickname: string; conference: 'East' | 'West'; primaryColor: string; secondaryColor: string }[];
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

/** Extra takes from templates, so the feed has a few hundred without repeating a title. */
const PLAYER_TEMPLATES: [string, string][] = [
  ['{x} is the most underrated player in the league', 'Nobody talks about {x} enough. The film shows the effort plays, the spacing and the late-game poise every single night.'],
  ['{x} makes an All-NBA team this season', 'The usage is up, the efficiency held, and the team wins when {x} is on the floor. Voters will notice by April.'],
  ['{x} is one bad month from being overrated', 'Great counting stats, but the defense comes and goes. A cold stretch and the whole narrative flips.'],
  ['Trade for {x} at the deadline and thank me later', 'Any contender missing a piece should be calling about {x}. Two-way value on a fair contract is rare.'],
  ['{x} has the best footwork in the league right now', 'Watch the pivots and the up-fakes. {x} gets to the spot without needing to outrun anyone.'],
  ['{x} is a top-3 closer in crunch time', 'When the game is within five in the last two minutes, give {x} the ball and get out of the way.'],
  ['{x} needs a bigger role, full stop', 'The minutes do not match the impact. Every lineup with {x} in it wins its stretch.'],
];
const TEAM_TEMPLATES: [string, string][] = [
  ['The {x} are a real playoff threat this year', 'Healthy rotation, real defensive identity and a closer. The {x} will be a tough out for anybody.'],
  ['The {x} should blow it up and rebuild', 'The ceiling is a first-round exit. Sell the veterans, stack the picks and reset the timeline.'],
  ['The {x} have the best home crowd in the league', 'Loudest building in the league when it matters. Road teams shoot worse there and it shows.'],
  ['The {x} bench is quietly elite', 'Second units decide regular seasons. The {x} win the minutes their starters sit and nobody says it.'],
  ['The {x} are one trade away from a title run', 'The core is there. Swap two mid contracts for a real third option and the {x} become favourites.'],
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

/** A stable ObjectId per (collection, index), so a re-run inserts nothing new. */
const oid = (kind: number, n: number) =>
  new Types.ObjectId(kind.toString(16).padStart(2, '0') + n.toString(16).padStart(22, '0'));

export function buildDemoData(ref: ReferenceData, content: DemoContent, now: Date) {
  const rand = mulberry32(20250223);
  const int = (max: number) => Math.floor(rand() * max);
  const pick = <T>(items: T[]): T => items[int(items.length)] as T;
  const shuffled = <T>(items: T[]) => items.map((v) => [rand(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);
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

  const created = new Date(now.getTime() - 30 * 24 * HOUR);
  const users = content.usernames.map((username, i) => ({
    _id: oid(1, i),
    firebaseUID: `demo-${username}`,
    email: i === 0 ? DEMO_EMAIL : `${username}@takes.test`,
    username,
    profilePictureUrl: null,
    bio: '',
    followersCount: 0,
    followingCount: 0,
    postsCount: 0,
    createdAt: created,
    updatedAt: created,
  }));

  const drafts: { focus: Focus; tags: (number | string)[]; title: string; description: string }[] = [];
  for (const take of content.takes) {
    const focus = resolve(take.focus);
    if (!focus) continue;
    const extra = take.extraTags.map(resolve).filter((t): t is Focus => t !== null && t.id !== focus.id);
    drafts.push({ focus, tags: [focus.id, ...new Set(extra.map((t) => t.id))].slice(0, 5), title: take.title, description: take.description });
  }
  const templatePlayers = shuffled(ref.players);
  const templateTeams = shuffled(ref.teams);
  for (let i = 0; drafts.length < TOTAL_TAKES; i += 1) {
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
  const action = (user: Types.ObjectId, targetType: 'take' | 'comment', target: Types.ObjectId, slot: string, actionType: string, at: Date) => ({
    _id: oid(4, actionN++),
    user,
    targetType,
    target,
    slot,
    actionType,
    createdAt: at,
    updatedAt: at,
  });

  for (const [i, draft] of shuffled(drafts).entries()) {
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
    let likes = 0;
    let dislikes = 0;
    let favorites = 0;
    let shares = 0;
    for (const r of reactors) {
      const liked = rand() < likeBias;
      if (liked) likes++;
      else dislikes++;
      actions.push(action(r._id, 'take', takeId, 'reaction', liked ? 'like' : 'dislike', between(at.getTime(), now.getTime())));
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
        _id: commentId, text: pick(content.comments), postID: takeId, parentComment: null, taggedUser: null,
        user: commenter._id, likes: commentLikers.length, dislikes: 0, repliesCount: replyCount, createdAt: cAt, updatedAt: cAt,
      });
      for (const liker of commentLikers) actions.push(action(liker._id, 'comment', commentId, 'reaction', 'like', between(cAt.getTime(), now.getTime())));
      for (let r = 0; r < replyCount; r += 1) {
        const rAt = between(cAt.getTime(), now.getTime());
        const replier = pick(users);
        comments.push({
          _id: oid(3, commentN++), text: pick(content.replies), postID: takeId, parentComment: commentId,
          taggedUser: rand() < 0.6 ? commenter._id : null, user: replier._id, likes: 0, dislikes: 0, repliesCount: 0, createdAt: rAt, updatedAt: rAt,
        });
      }
      commentsCount += 1 + replyCount;
    }

    const engagement = { likes, dislikes, commentsCount, shares, favorites };
    takes.push({
      _id: takeId,
      title: draft.title,
      description: draft.description,
      tags: draft.tags,
      entityType: draft.focus.type,
      playerID: draft.focus.type === 'player' ? draft.focus.id : null,
      team: draft.focus.type === 'team' ? draft.focus.id : null,
      specialID: draft.focus.type === 'special' ? draft.focus.id : null,
      entityKey: entityKey(draft.focus.type, draft.focus.id),
      league: 'nba',
      addType: 'user',
      createdBy: author._id,
      ...engagement,
      score: hotScore(engagement, at),
      popularity: popularity(engagement),
      createdAt: at,
      updatedAt: at,
    });
    author.postsCount += 1;
  }

  const follows = [];
  let followN = 0;
  for (const user of users) {
    for (const followee of shuffled(users.filter((u) => u !== user)).slice(0, 3 + int(8))) {
      follows.push({ _id: oid(5, followN++), follower: user._id, followee: followee._id, createdAt: created, updatedAt: created });
      user.followingCount += 1;
      followee.followersCount += 1;
    }
  }

  const reports = shuffled(takes).slice(0, 6).map((take, n) => {
    const reporter = users.find((u) => u._id !== take.createdBy) ?? users[0]!;
    return { _id: oid(6, n), take: take._id, user: reporter._id, reason: pick(content.reportReasons), createdAt: now, updatedAt: now };
  });

  const stats = new Map<string, { _id: string; entityType: EntityType; entityId: number | string; takes: number; likes: number; comments: number; shares: number }>();
  for (const take of takes) {
    const stat = stats.get(take.entityKey) ?? {
      _id: take.entityKey,
      entityType: take.entityType,
      entityId: take.playerID ?? take.team ?? take.specialID ?? '',
      takes: 0,
      likes: 0,
      comments: 0,
      shares: 0,
    };
    stat.takes += 1;
    stat.likes += take.likes;
    stat.comments += take.commentsCount;
    stat.shares += take.shares;
    stats.set(take.entityKey, stat);
  }

  return { users, takes, comments, actions, follows, reports, entityStats: [...stats.values()] };
}
