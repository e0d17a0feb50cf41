import { Types } from 'mongoose';
import { seasonOf } from '@/lib/callers/callers';
import { LEAGUE_TIME_ZONE } from '@/lib/games/constants';
import { countedKeys, entityKey } from '@/lib/league/entities';
import { addDays, dayBounds, dayIn, type DayString } from '@/lib/games/game-day';
import { hotScore, popularity, spice, topicScore, wilsonLowerBound } from '@/lib/discovery/ranking';
import { searchKeys } from '@/lib/discovery/search-keys';
import type { ReferenceData } from '@/scripts/seed-lib/demo-data';

/**
 * The game-day demo (scripts/seed.ts): a generated slate around the seed's day (three days back, three ahead, in the
 * league's time zone), so /games and the composer have games on any day the demo runs, and takes filed on
 * yesterday's and today's games with their fans' likes. Games carry ids of their own day (99yymmddn: a range the
 * league's real ids, 00…, never use), so each run adds the slate around its day and leaves earlier ones as they are.
 * No real schedule is shipped (docs/league-data.md#the-shipped-data): an imported one sits beside this slate.
 */

const HOUR = 3_600_000;
const DAYS_AROUND = 3;
/** Tip-offs of a slate, hours after local midnight: the usual evening windows. */
const TIPOFFS = [19, 19, 19.5, 20, 20.5, 22, 22.5];

const TEMPLATES: [string, string][] = [
  ['{home} protect home court tonight', 'The {away} have not won in this building in years, and tonight will not change that.'],
  ['{away} steal this one on the road', 'Their bench is deeper and the {home} are on the second night of a back-to-back.'],
  ['This {away}-{home} game decides the tiebreaker', 'Whoever wins tonight owns the season series. Circle it.'],
  ['Fourth quarter belongs to the {home}', 'Close games are where their closer lives. Watch the last five minutes.'],
  ['{away} defense is the story tonight', 'They have held three straight opponents under 100. Make it four.'],
];

type GameDoc = {
  _id: number;
  season: string;
  home: number;
  away: number;
  tipoff: Date;
  status: 'scheduled' | 'live' | 'final';
  homeScore: number | null;
  awayScore: number | null;
  createdAt: Date;
  updatedAt: Date;
};

type DemoUser = { _id: Types.ObjectId; username: string; favoriteTeam: number | null; postsCount: number };

/** A stable fraction per (day, n, salt), so a day's slate is the same whichever run makes it. */
const fraction = (day: DayString, n: number, salt: number) => {
  const x = Math.sin(Number(day.replaceAll('-', '')) * 0.0001 + n * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

const gameId = (day: DayString, n: number) => Number(`99${day.slice(2).replaceAll('-', '')}${n}`);
const takeId = (day: DayString, n: number) =>
  new Types.ObjectId(`9a${day.slice(2).replaceAll('-', '')}${n.toString(16).padStart(16, '0')}`);
const actionId = (day: DayString, n: number) =>
  new Types.ObjectId(`9b${day.slice(2).replaceAll('-', '')}${n.toString(16).padStart(16, '0')}`);
const callId = (day: DayString, n: number) =>
  new Types.ObjectId(`9c${day.slice(2).replaceAll('-', '')}${n.toString(16).padStart(16, '0')}`);

/** A day's slate: teams paired off in a shuffle of their own, each plays at most once; statuses as of `now`. */
function slate(day: DayString, teams: number[], now: Date): GameDoc[] {
  const order = teams.map((team, i) => ({ team, key: fraction(day, i, 1) })).sort((a, b) => a.key - b.key);
  const count = 5 + Math.floor(fraction(day, 0, 2) * 3);
  const { start } = dayBounds(day, LEAGUE_TIME_ZONE);
  return Array.from({ length: count }, (_, n) => {
    const tipoff = new Date(start.getTime() + TIPOFFS[n % TIPOFFS.length]! * HOUR);
    const elapsed = now.getTime() - tipoff.getTime();
    const status = elapsed > 2.5 * HOUR ? 'final' : elapsed > 0 ? 'live' : 'scheduled';
    // A live game's score is as far along as the game: about 2.2 points a minute between both teams.
    const share = status === 'final' ? 1 : status === 'live' ? elapsed / (2.5 * HOUR) : 0;
    const score = (salt: number) => (status === 'scheduled' ? null : Math.round((98 + fraction(day, n, salt) * 30) * share));
    let homeScore = score(3);
    const awayScore = score(4);
    if (status === 'final' && homeScore === awayScore) homeScore = (homeScore ?? 0) + 3;
    return {
      _id: gameId(day, n),
      season: seasonOf(tipoff),
      home: order[2 * n]!.team,
      away: order[2 * n + 1]!.team,
      tipoff,
      status,
      homeScore,
      awayScore,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/**
 * The slate from DAYS_AROUND days before the seed's day to as many after, in the league's time zone. The seed imports
 * it as a schedule file (scripts/seed-lib/league-data.ts scheduleFile), so the demo's games come through the importer.
 */
export function demoSlate(ref: ReferenceData, now: Date): GameDoc[] {
  const today = dayIn(now, LEAGUE_TIME_ZONE);
  const teams = ref.teams.map((t) => t.id);
  return Array.from({ length: 2 * DAYS_AROUND + 1 }, (_, i) => slate(addDays(today, i - DAYS_AROUND), teams, now)).flat();
}

/**
 * The demo's takes on yesterday's and today's games (demoSlate's). The takes' authors gain a post each (their documents are inserted with these counts), and each
 * like is a fact with its fan's team, so every counter is what the facts give.
 */
export function buildGameDemo(ref: ReferenceData, users: DemoUser[], now: Date) {
  const today = dayIn(now, LEAGUE_TIME_ZONE);
  const teams = ref.teams.map((t) => t.id);
  const nicknames = new Map(ref.teams.map((t) => [t.id, t.nickname]));
  const takes = [];
  const actions = [];
  const calls = [];
  const threads = [...slate(addDays(today, -1), teams, now).slice(0, 2), ...slate(today, teams, now).slice(0, 3)];
  let n = 0;
  let actionN = 0;
  for (const [g, game] of threads.entries()) {
    const day = dayIn(game.tipoff, LEAGUE_TIME_ZONE);
    for (let t = 0; t < 2; t += 1) {
      const [titleTemplate, descriptionTemplate] = TEMPLATES[(g * 2 + t) % TEMPLATES.length]!;
      const fill = (s: string) =>
        s.replaceAll('{home}', nicknames.get(game.home) ?? '').replaceAll('{away}', nicknames.get(game.away) ?? '');
      const author = users[(3 + g * 2 + t) % users.length]!;
      // Filed the evening before tip-off, or in its first minutes; never after now.
      const posted = new Date(Math.min(now.getTime() - 5 * 60_000, game.tipoff.getTime() - (t === 0 ? 3 : -0.2) * HOUR));
      const side = author.favoriteTeam;
      const fanTeam = side === game.home || side === game.away ? side : game.home;
      const id = takeId(day, n++);
      const likers = users.filter((u) => u._id !== author._id && fraction(day, actionN + users.indexOf(u), 5) < 0.35);
      let fanLikes = 0;
      for (const liker of likers) {
        if (liker.favoriteTeam === fanTeam) fanLikes += 1;
        const at = new Date(posted.getTime() + 60_000 * (1 + (actionN % 50)));
        actions.push({
          _id: actionId(day, actionN++),
          user: liker._id,
          targetType: 'take' as const,
          target: id,
          slot: 'reaction',
          actionType: 'like',
          team: liker.favoriteTeam,
          createdAt: at,
          updatedAt: at,
        });
      }
      author.postsCount += 1;
      // The take filed before tip-off makes a call on its game (docs/product.md#calls); the scheduled job or the seed's
      // settling of the finals settles it.
      const call = t === 0 && posted.getTime() < game.tipoff.getTime() ? demoCall(g, game, id, author._id, posted, callId(day, n)) : null;
      if (call) calls.push(call);
      takes.push(
        gameTakeDoc(
          {
            id,
            game,
            author,
            title: fill(titleTemplate),
            description: fill(descriptionTemplate),
            posted,
            likes: likers.length,
            fanTeam,
            fanLikes,
          },
          nicknames,
          call,
        ),
      );
    }
  }
  return { takes, actions, calls };
}

/** A demo take's call: the home team by 3 or more, the total over 215.5, or the away team to win, in turn. */
function demoCall(g: number, game: GameDoc, take: Types.ObjectId, author: Types.ObjectId, posted: Date, id: Types.ObjectId) {
  const terms = [
    { kind: 'margin' as const, team: game.home, line: 3, side: null },
    { kind: 'total' as const, team: null, line: 215.5, side: 'over' as const },
    { kind: 'win' as const, team: game.away, line: null, side: null },
  ][g % 3]!;
  return {
    _id: id,
    take,
    author,
    scope: 'game' as const,
    game: game._id,
    season: game.season,
    other: null,
    player: null,
    stat: null,
    ...terms,
    teams: [game.away, game.home],
    postedAt: posted,
    lockAt: game.tipoff,
    result: null,
    reason: null,
    settledAt: null,
    finalAt: null,
    basis: -1,
    crowd: null,
    crowdLikes: null,
    crowdDislikes: null,
    judged: false,
    title: null,
  };
}

/**
 * The box scores of the demo slate's finals, imported with it (scripts/seed-lib/league-data.ts scheduleFile): eight
 * players a team with minutes, points, rebounds, assists and threes of their own day, the same on every run.
 */
export function demoBoxScores(ref: ReferenceData, games: GameDoc[]) {
  const lines = [];
  for (const game of games.filter((g) => g.status === 'final')) {
    const day = dayIn(game.tipoff, LEAGUE_TIME_ZONE);
    for (const team of [game.away, game.home]) {
      const roster = ref.players.filter((p) => p.teamId === team).slice(0, 8);
      for (const [i, player] of roster.entries()) {
        const f = (salt: number) => fraction(day, player.id % 997, salt + i);
        const minutes = Math.round((36 - i * 3 - f(1) * 4) * 10) / 10;
        lines.push({
          game_id: String(game._id).padStart(10, '0'),
          player_id: player.id,
          team_id: team,
          minutes,
          points: Math.round((30 - i * 3) * (0.6 + f(2) * 0.6)),
          rebounds: Math.round(2 + f(3) * 9),
          assists: Math.round(1 + f(4) * 7),
          threes: Math.round(f(5) * 5),
        });
      }
    }
  }
  return lines;
}

type GameTakeInput = {
  id: Types.ObjectId;
  game: Pick<GameDoc, '_id' | 'away' | 'home'>;
  author: DemoUser;
  title: string;
  description: string;
  posted: Date;
  likes: number;
  fanTeam: number;
  fanLikes: number;
};

/** A take filed on a game as createTake stores one: the game its focus, both teams among the keys it counts for. */
function gameTakeDoc(
  { id, game, author, title, description, posted, likes, fanTeam, fanLikes }: GameTakeInput,
  nicknames: Map<number, string>,
  call: ReturnType<typeof demoCall> | null = null,
) {
  const engagement = { likes, dislikes: 0, commentsCount: 0, shares: 0, favorites: 0 };
  const focus = entityKey('game', game._id);
  const matchup = { away: game.away, home: game.home };
  return {
    _id: id,
    title,
    description,
    tags: [],
    entityType: 'game' as const,
    playerID: null,
    team: null,
    specialID: null,
    gameID: game._id,
    matchup,
    entityKey: focus,
    entityKeys: countedKeys(focus, matchup),
    namedTeams: [game.away, game.home],
    league: 'nba',
    addType: 'user',
    createdBy: author._id,
    ...engagement,
    score: hotScore(engagement, posted),
    popularity: popularity(engagement),
    wilson: wilsonLowerBound(likes, 0),
    spice: spice(likes, 0),
    fanTeam,
    fanLikes,
    fanDislikes: 0,
    checkBackAt: null,
    agedWell: 0,
    agedPoorly: 0,
    receiptVotes: 0,
    dueLikes: null,
    dueDislikes: null,
    searchKeys: searchKeys(title, description, `${nicknames.get(game.away)} @ ${nicknames.get(game.home)}`, author.username),
    // The chip of its call (models/take.ts call), open: settling writes its result.
    call: call && {
      kind: call.kind,
      game: call.game,
      season: call.season,
      team: call.team,
      other: null,
      player: null,
      stat: null,
      side: call.side,
      line: call.line,
      teams: call.teams,
      lockAt: call.lockAt,
      result: null,
      reason: null,
      settledAt: null,
      finalAt: null,
      basis: -1,
    },
    createdAt: posted,
    updatedAt: posted,
  };
}

/**
 * The benchmark's busy game night (bench/seed-set.ts): one game tipping off now and `count` takes filed on it over
 * the hours before, by `users` in turn (each gains a post), so its thread pages as deep as the feed.
 */
export function buildGameThread(ref: ReferenceData, users: DemoUser[], count: number, now: Date) {
  const nicknames = new Map(ref.teams.map((t) => [t.id, t.nickname]));
  const [away, home] = [ref.teams[0]!.id, ref.teams[1]!.id];
  const game = {
    _id: gameId(dayIn(now, LEAGUE_TIME_ZONE), 9),
    season: seasonOf(now),
    home,
    away,
    tipoff: now,
    status: 'live' as const,
    homeScore: 0,
    awayScore: 0,
    createdAt: now,
    updatedAt: now,
  };
  const takes = Array.from({ length: count }, (_, n) => {
    const author = users[n % users.length]!;
    author.postsCount += 1;
    const posted = new Date(now.getTime() - (count - n) * 30_000);
    const title = `Game night take ${n + 1}`;
    return gameTakeDoc(
      {
        id: new Types.ObjectId(`9c${n.toString(16).padStart(22, '0')}`),
        game,
        author,
        title,
        description: 'Filed by the benchmark on its busy game.',
        posted,
        likes: 0,
        fanTeam: home,
        fanLikes: 0,
      },
      nicknames,
    );
  });
  return { game, takes };
}

type StatRow = {
  _id: string;
  entityType: string;
  entityId: number | string;
  takes: number;
  likes: number;
  comments: number;
  shares: number;
  score?: number;
};

/** The demo's entity stats with the game takes counted in: each game's, and both its teams'. */
export function withGameTakes(stats: StatRow[], takes: ReturnType<typeof buildGameDemo>['takes']): StatRow[] {
  const byId = new Map(stats.map((s) => [s._id, { ...s }]));
  for (const take of takes) {
    for (const key of take.entityKeys) {
      const [type, id] = key.split(':') as [string, string];
      const stat = byId.get(key) ?? { _id: key, entityType: type, entityId: Number(id), takes: 0, likes: 0, comments: 0, shares: 0 };
      stat.takes += 1;
      stat.likes += take.likes;
      stat.score = topicScore(stat);
      byId.set(key, stat);
    }
  }
  return [...byId.values()];
}
