import { inStepPairs, linksOf, onePerLinkedGroup, type Act } from '@/lib/callers/caller-links';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const react = (take: string, at: number): Act => ({ take, at, kind: 'reaction' });
const vote = (take: string, at: number): Act => ({ take, at, kind: 'vote' });
const calls = ['c1', 'c2', 'c3', 'c4', 'c5'];

describe('fans in step', () => {
  it('links accounts that dislike the same calls within minutes and vote on them together', () => {
    // Ten accounts, one reaction elsewhere each, then the same five calls: a dislike in the first hours, a vote after.
    const socks = new Map(
      Array.from({ length: 10 }, (_, i) => [
        `sock${i}`,
        [
          react(`elsewhere${i}`, i * DAY),
          ...calls.flatMap((c, k) => [react(c, k * 10 * DAY + i * 60_000), vote(c, k * 10 * DAY + 8 * DAY + i * 60_000)]),
        ],
      ]),
    );
    const pairs = inStepPairs(socks);
    expect(pairs.size).toBe(45);
  });

  it('links them even when they space their acts out, by reacting to and voting on the same calls', () => {
    const socks = new Map(
      Array.from({ length: 4 }, (_, i) => [
        `sock${i}`,
        calls.flatMap((c, k) => [react(c, k * 10 * DAY + i * 5 * HOUR), vote(c, k * 10 * DAY + 8 * DAY + i * 5 * HOUR)]),
      ]),
    );
    expect(inStepPairs(socks).size).toBe(6);
  });

  it('does not link fans who meet on a few takes among much else, nor on fewer than three', () => {
    const broad = (name: string, offset: number): Act[] => [
      ...calls.map((c, k) => react(c, k * DAY + offset)),
      ...Array.from({ length: 10 }, (_, k) => react(`${name}-own${k}`, k * DAY)),
    ];
    expect(
      inStepPairs(
        new Map([
          ['a', broad('a', 0)],
          ['b', broad('b', 60_000)],
        ]),
      ).size,
    ).toBe(0);
    // Two takes together and nothing else: too few to tell.
    const thin = (offset: number) => [react('t1', offset), react('t2', DAY + offset)];
    expect(
      inStepPairs(
        new Map([
          ['a', thin(0)],
          ['b', thin(60_000)],
        ]),
      ).size,
    ).toBe(0);
  });

  it('does not count acts an hour or more apart on a take they did not both react to and vote on', () => {
    const spaced = (offset: number) => calls.map((c, k) => react(c, k * DAY + offset));
    expect(
      inStepPairs(
        new Map([
          ['a', spaced(0)],
          ['b', spaced(HOUR)],
        ]),
      ).size,
    ).toBe(0);
    expect(
      inStepPairs(
        new Map([
          ['a', spaced(0)],
          ['b', spaced(HOUR - 1)],
        ]),
      ).size,
    ).toBe(1);
  });
});

describe('counting linked fans as one', () => {
  it('keeps the first of each linked group, by sign-up cohort or by being in step', () => {
    const cohorts = new Map<string, string | null>([
      ['a', 'net1'],
      ['b', 'net1'],
      ['c', null],
      ['d', null],
      ['e', null],
    ]);
    const linked = linksOf(cohorts, new Set(['c|d']));
    expect(linked('a', 'b')).toBe(true);
    expect(linked('c', 'e')).toBe(false);
    expect(
      onePerLinkedGroup(
        ['a', 'b', 'd', 'c', 'e'].map((fan) => ({ fan })),
        linked,
      ).map((i) => i.fan),
    ).toEqual(['a', 'd', 'e']);
  });

  it('lets two fans count who are each linked to a third but not to each other, when they come first', () => {
    const linked = linksOf(new Map(), new Set(['a|b', 'b|c']));
    expect(
      onePerLinkedGroup(
        ['a', 'c', 'b'].map((fan) => ({ fan })),
        linked,
      ).map((i) => i.fan),
    ).toEqual(['a', 'c']);
  });
});

describe('busy takes', () => {
  it('pass over a take too many of the fans acted on: meeting there tells nothing', () => {
    const rule = { windowMs: HOUR, takes: 3, share: 0.5, busyTake: 2 };
    const three = new Map(['a', 'b', 'c'].map((fan, i) => [fan, calls.map((c, k) => react(c, k * DAY + i * 60_000))]));
    expect(inStepPairs(three, rule).size).toBe(0);
    expect(inStepPairs(three, { ...rule, busyTake: 3 }).size).toBe(3);
  });
});
