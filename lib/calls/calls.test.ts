import {
  callRecord,
  calibrationBin,
  type CallTerms,
  decideGameCall,
  decideSeasonCall,
  describeCall,
  isRegularSeasonGame,
  outcomeText,
  seasonRecords,
  type SettlingGame,
} from '@/lib/calls/calls';

const HOME = 1;
const AWAY = 2;
const lock = new Date('2026-11-25T00:30:00Z');
const DAY = 24 * 60 * 60 * 1000;
const terms = (t: Partial<CallTerms>): CallTerms => ({
  kind: 'win',
  game: 9,
  season: '2026-27',
  team: null,
  other: null,
  player: null,
  stat: null,
  side: null,
  line: null,
  ...t,
});
const final = (home: number, away: number, extra: Partial<SettlingGame> = {}): SettlingGame => ({
  status: 'final',
  home: HOME,
  away: AWAY,
  tipoff: lock,
  homeScore: home,
  awayScore: away,
  ...extra,
});
const noBox = { has: false, line: () => null };
const soon = new Date(lock.getTime() + 3 * 60 * 60 * 1000);

describe('a game call', () => {
  it('settles by the final score, overtime included: a team wins, by N or more, a total over or under', () => {
    const decide = (t: Partial<CallTerms>, game = final(110, 101)) => decideGameCall(terms(t), lock, game, noBox, soon)?.result;
    expect(decide({ kind: 'win', team: HOME })).toBe('hit');
    expect(decide({ kind: 'win', team: AWAY })).toBe('miss');
    expect(decide({ kind: 'margin', team: HOME, line: 9 })).toBe('hit');
    expect(decide({ kind: 'margin', team: HOME, line: 10 })).toBe('miss');
    expect(decide({ kind: 'total', side: 'over', line: 210.5 })).toBe('hit');
    expect(decide({ kind: 'total', side: 'under', line: 211 })).toBe('miss');
    // Level on the line: not over and not under.
    expect(decide({ kind: 'total', side: 'over', line: 211 })).toBe('miss');
  });

  it('stays open until the game is final, and voids once 14 days pass without it being played', () => {
    const scheduled = final(0, 0, { status: 'postponed', homeScore: null, awayScore: null });
    expect(decideGameCall(terms({ team: HOME }), lock, scheduled, noBox, new Date(lock.getTime() + 13 * DAY))).toBeNull();
    expect(decideGameCall(terms({ team: HOME }), lock, scheduled, noBox, new Date(lock.getTime() + 14 * DAY))).toEqual({
      result: 'void',
      reason: 'postponed',
    });
    // Played, but more than 14 days after the lock: void all the same.
    const late = final(100, 90, { tipoff: new Date(lock.getTime() + 15 * DAY) });
    expect(decideGameCall(terms({ team: HOME }), lock, late, noBox, new Date(lock.getTime() + 15 * DAY))?.reason).toBe('postponed');
    expect(decideGameCall(terms({ team: HOME }), lock, final(0, 0, { status: 'cancelled' }), noBox, soon)).toEqual({
      result: 'void',
      reason: 'cancelled',
    });
  });

  it("settles a player's call from his line, voids it without minutes, and waits for the box score", () => {
    const box = {
      has: true,
      line: (id: number) =>
        id === 7
          ? { minutes: 34.2, points: 30, rebounds: 8, assists: 5, threes: 4 }
          : id === 8
            ? { minutes: 0, points: 0, rebounds: 0, assists: 0, threes: 0 }
            : null,
    };
    const call = (player: number, line: number) => terms({ kind: 'player', player, stat: 'points', line });
    expect(decideGameCall(call(7, 30), lock, final(99, 90), box, soon)?.result).toBe('hit');
    expect(decideGameCall(call(7, 31), lock, final(99, 90), box, soon)?.result).toBe('miss');
    expect(decideGameCall(call(8, 1), lock, final(99, 90), box, soon)).toEqual({ result: 'void', reason: 'no-minutes' });
    expect(decideGameCall(call(9, 1), lock, final(99, 90), box, soon)).toEqual({ result: 'void', reason: 'no-minutes' });
    expect(decideGameCall(call(7, 30), lock, final(99, 90), noBox, soon)).toBeNull();
    expect(decideGameCall(call(7, 30), lock, final(99, 90), noBox, new Date(lock.getTime() + 14 * DAY))?.reason).toBe('no-box-score');
  });
});

describe('a season call', () => {
  const games = (team: number, wins: number, losses: number) => [
    ...Array.from({ length: wins }, () => ({ home: team, away: 99, status: 'final' as const, homeScore: 100, awayScore: 90 })),
    ...Array.from({ length: losses }, () => ({ home: team, away: 99, status: 'final' as const, homeScore: 90, awayScore: 100 })),
  ];

  it('counts a season of 82 games, those not on the schedule as still to play', () => {
    expect(seasonRecords(games(1, 3, 2), [1]).get(1)).toEqual({ wins: 3, losses: 2, remaining: 77 });
    const cancelled = [{ home: 1, away: 99, status: 'cancelled' as const, homeScore: null, awayScore: null }];
    expect(seasonRecords(cancelled, [1]).get(1)).toEqual({ wins: 0, losses: 0, remaining: 81 });
  });

  it('settles season wins as soon as they are reached, or out of reach', () => {
    const call = terms({ kind: 'season-wins', game: null, team: 1, line: 50 });
    expect(decideSeasonCall(call, seasonRecords(games(1, 50, 10), [1]))?.result).toBe('hit');
    expect(decideSeasonCall(call, seasonRecords(games(1, 40, 33), [1]))?.result).toBe('miss');
    expect(decideSeasonCall(call, seasonRecords(games(1, 40, 32), [1]))).toBeNull();
  });

  it('settles finishing ahead once neither team can pass the other, level being a miss', () => {
    const call = terms({ kind: 'season-better', game: null, team: 1, other: 2 });
    const records = (a: [number, number], b: [number, number]) => seasonRecords([...games(1, ...a), ...games(2, ...b)], [1, 2]);
    expect(decideSeasonCall(call, records([60, 20], [40, 40]))?.result).toBe('hit');
    expect(decideSeasonCall(call, records([41, 41], [41, 41]))?.result).toBe('miss');
    expect(decideSeasonCall(call, records([50, 20], [45, 25]))).toBeNull();
  });

  it('counts the league’s regular-season game ids, and ids of other ranges', () => {
    expect(isRegularSeasonGame(22600123)).toBe(true);
    expect(isRegularSeasonGame(42600101)).toBe(false);
    expect(isRegularSeasonGame(992611271)).toBe(true);
  });
});

describe('the record', () => {
  it('counts hits, misses and voids, and Brier scores against a hand-computed fixture', () => {
    const stats = callRecord([
      { result: 'hit', crowd: 0.8 },
      { result: 'hit', crowd: 0.25 },
      { result: 'miss', crowd: 0.5 },
      { result: 'miss', crowd: 0.5 },
      { result: 'void', crowd: 0.7 },
      { result: null, crowd: null },
      { result: 'hit', crowd: null },
    ]);
    expect(stats).toMatchObject({ hits: 3, misses: 2, voids: 1, open: 1, hitRate: 0.6 });
    // Over the four with a crowd: (0 + 0 + 1 + 1) / 4, and (0.04 + 0.5625 + 0.25 + 0.25) / 4.
    expect(stats.brier).toEqual({ fan: 0.5, crowd: 0.275625, calls: 4 });
    expect(stats.calibration.map((b) => [b.bin, b.calls, b.hits])).toEqual([
      [1, 1, 1],
      [4, 2, 0],
      [7, 1, 1],
    ]);
  });

  it('bins the crowd’s odds from 0.1 to 0.9 in tenths', () => {
    expect([0.1, 0.19, 0.2, 0.5, 0.8, 0.9].map(calibrationBin)).toEqual([0, 0, 1, 4, 7, 7]);
  });

  it('says how a call stands in words, a void with why', () => {
    expect(outcomeText(null, null)).toBe('Open');
    expect(outcomeText('hit', 'played')).toBe('Hit');
    expect(outcomeText('void', 'cancelled')).toBe('Void: the game was cancelled');
    expect(outcomeText('hidden', null)).toBe('settled — hidden until you watch');
  });

  it('says a call in words', () => {
    const names = { team: (id: number) => (id === 1 ? 'Celtics' : 'Knicks'), player: () => 'Jayson Tatum' };
    expect(describeCall(terms({ kind: 'margin', team: 1, line: 5 }), names)).toBe('Celtics by 5+');
    expect(describeCall(terms({ kind: 'total', side: 'over', line: 220.5 }), names)).toBe('Over 220.5 points');
    expect(describeCall(terms({ kind: 'player', player: 7, stat: 'threes', line: 4 }), names)).toBe('Jayson Tatum 4+ threes');
    expect(describeCall(terms({ kind: 'season-better', team: 1, other: 2 }), names)).toBe('Celtics finish ahead of the Knicks');
  });
});
