import {
  formerStints,
  gameIdText,
  lastMove,
  moveStints,
  openStint,
  parseLeagueDate,
  seasonOfGameId,
  teamAt,
  type Stint,
} from '@/lib/league/league';

const day = (text: string) => new Date(`${text}T00:00:00Z`);
const HAWKS = 1610612737;
const WIZARDS = 1610612764;
const CELTICS = 1610612738;

describe("a player's stints", () => {
  const career: Stint[] = [
    { team: HAWKS, from: null, to: day('2026-02-05') },
    { team: WIZARDS, from: day('2026-02-05'), to: null },
  ];

  it('name the team he was on at any moment: the old one until the day of the trade, the new one from it', () => {
    expect(teamAt(career, day('2025-11-01'))).toBe(HAWKS);
    expect(teamAt(career, new Date('2026-02-04T23:59:59Z'))).toBe(HAWKS);
    expect(teamAt(career, day('2026-02-05'))).toBe(WIZARDS);
    expect(teamAt(career, day('2027-01-01'))).toBe(WIZARDS);
  });

  it('know no team before a first known stint, or after he left the last', () => {
    const signed: Stint[] = [{ team: CELTICS, from: day('2026-07-01'), to: day('2026-09-01') }];
    expect(teamAt(signed, day('2026-06-30'))).toBeNull();
    expect(teamAt(signed, day('2026-09-01'))).toBeNull();
    expect(openStint(signed)).toBeNull();
  });

  it('date his last move by the latest day they know', () => {
    expect(lastMove(career)).toEqual(day('2026-02-05'));
    expect(lastMove([{ team: HAWKS, from: null, to: null }])).toBeNull();
  });

  it('close the open stint and open the new team’s on the day of a move', () => {
    const moved = moveStints(career, CELTICS, day('2026-07-10'));
    expect(moved).toEqual([
      career[0],
      { team: WIZARDS, from: day('2026-02-05'), to: day('2026-07-10') },
      { team: CELTICS, from: day('2026-07-10'), to: null },
    ]);
    expect(formerStints(moved).map((s) => s.team)).toEqual([WIZARDS, HAWKS]);
  });

  it('leave him without a team when he retires, and change nothing for a move to the team he is on', () => {
    expect(openStint(moveStints(career, null, day('2026-07-10')))).toBeNull();
    expect(moveStints(career, WIZARDS, day('2026-07-10'))).toEqual(career);
  });
});

describe('league ids and dates', () => {
  it("read a game id's season, and write it back with its leading zeros", () => {
    expect(seasonOfGameId(22600123)).toBe('2026-27');
    expect(seasonOfGameId(42500401)).toBe('2025-26');
    expect(seasonOfGameId(29900001)).toBe('2099-00');
    expect(seasonOfGameId(123)).toBeNull();
    expect(gameIdText(22600123)).toBe('0022600123');
  });

  it('take a calendar day as 00:00 UTC, or an instant with its zone, and nothing else', () => {
    expect(parseLeagueDate('2026-02-05')).toEqual(day('2026-02-05'));
    expect(parseLeagueDate('2026-11-25T19:30:00-05:00')).toEqual(new Date('2026-11-26T00:30:00Z'));
    expect(parseLeagueDate('2026-02-30')).toBeNull();
    expect(parseLeagueDate('2026-11-25T19:30:00')).toBeNull();
    expect(parseLeagueDate('Feb 5')).toBeNull();
  });
});
