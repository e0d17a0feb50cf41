import {
  asOpened,
  filtersAnything,
  judgeComment,
  judgeTake,
  matchText,
  NO_FILTERS,
  spoilerLabel,
  stronger,
  teamAt,
  wordKey,
  type FanFilters,
  type TakeSubject,
} from '@/lib/filters/fan-filters';

const LAKERS = 1610612747;
const CELTICS = 1610612738;
const HEAT = 1610612748;
const LEBRON = 2544;
const TIPOFF = new Date('2026-11-20T00:30:00Z');

const filters = (overrides: Partial<FanFilters>): FanFilters => ({ ...NO_FILTERS, viewer: 'me', ...overrides });
const take = (overrides: Partial<TakeSubject> = {}): TakeSubject => ({
  author: 'them',
  createdAt: new Date(TIPOFF.getTime() + 60_000),
  text: matchText('A take', 'About nothing in particular'),
  players: [],
  teams: [],
  game: null,
  ...overrides,
});
const game = { game: 22600123, home: CELTICS, away: LAKERS, tipoff: TIPOFF, label: spoilerLabel('Lakers', 'Celtics') };

describe('wordKey', () => {
  it('folds case and accents as search does, and keeps a phrase as its words', () => {
    expect(wordKey('  Dončić ')).toBe('doncic');
    expect(wordKey('Trade DEADLINE!')).toBe('trade deadline');
    expect(wordKey('🔥 —')).toBeNull();
  });
});

describe('muted words', () => {
  const muting = (word: string, action: 'hide' | 'collapse' = 'hide') => filters({ words: [{ key: wordKey(word)!, label: word, action }] });

  it('match whole words only, whatever the case', () => {
    expect(judgeTake(muting('trade'), take({ text: matchText('Trade rumour') }))).toBe('hide');
    expect(judgeTake(muting('heat'), take({ text: matchText('The wheat harvest') }))).toBe('show');
    expect(judgeTake(muting('heat'), take({ text: matchText('Miami HEAT, again') }))).toBe('hide');
    expect(judgeTake(muting('trade'), take({ text: matchText('Trades happen') }))).toBe('show');
  });

  it('match across accents both ways', () => {
    expect(judgeTake(muting('doncic'), take({ text: matchText('Dončić is a problem') }))).toBe('hide');
    expect(judgeTake(muting('Dončić'), take({ text: matchText('doncic is a problem') }))).toBe('hide');
  });

  it('match a phrase only as those words together', () => {
    expect(judgeTake(muting('trade deadline'), take({ text: matchText('Before the trade deadline') }))).toBe('hide');
    expect(judgeTake(muting('trade deadline'), take({ text: matchText('A trade before the deadline') }))).toBe('show');
  });

  it('find each of several muted words and phrases, overlapping ones too, and let a hide win over the collapses', () => {
    const rules = [
      { key: wordKey('deadline day')!, label: 'deadline day', action: 'collapse' as const },
      { key: wordKey('trade')!, label: 'trade', action: 'collapse' as const },
      { key: wordKey('trade deadline day')!, label: 'trade deadline day', action: 'collapse' as const },
    ];
    const text = matchText('Trade deadline day', 'chaos');
    expect(judgeTake(filters({ words: rules }), take({ text }))).toEqual({
      reason: 'word',
      label: 'Muted word: “deadline day”',
      game: null,
    });
    expect(judgeTake(filters({ words: [...rules, { key: 'chaos', label: 'chaos', action: 'hide' }] }), take({ text }))).toBe('hide');
    expect(judgeTake(filters({ words: rules }), take({ text: matchText('Trade', 'deadline') }))).toEqual({
      reason: 'word',
      label: 'Muted word: “trade”',
      game: null,
    });
    expect(judgeTake(filters({ words: rules }), take({ text: matchText('') }))).toBe('show');
  });

  it('collapse with the word as the reason when asked to', () => {
    expect(judgeTake(muting('trade', 'collapse'), take({ text: matchText('Trade rumour') }))).toEqual({
      reason: 'word',
      label: 'Muted word: “trade”',
      game: null,
    });
  });

  it('never touch what the fan wrote', () => {
    expect(judgeTake(muting('trade'), take({ author: 'me', text: matchText('Trade rumour') }))).toBe('show');
    expect(judgeComment(muting('trade'), { author: 'me', createdAt: TIPOFF, text: matchText('trade him') }, null)).toBe('show');
  });
});

describe('muted players and teams', () => {
  it('match a take by its subject, whatever its words', () => {
    const f = filters({ players: new Map([[LEBRON, { label: 'LeBron James', action: 'collapse' }]]) });
    expect(judgeTake(f, take({ players: [LEBRON], text: matchText('The King is washed') }))).toEqual({
      reason: 'player',
      label: 'Muted player: LeBron James',
      game: null,
    });
    expect(judgeTake(f, take({ text: matchText('LeBron James') }))).toBe('show');
  });

  it('a hide beats a collapse, whichever rule matched first', () => {
    const f = filters({
      players: new Map([[LEBRON, { label: 'LeBron James', action: 'collapse' }]]),
      teams: new Map([[LAKERS, { label: 'Los Angeles Lakers', action: 'hide' }]]),
    });
    expect(judgeTake(f, take({ players: [LEBRON], teams: [LAKERS] }))).toBe('hide');
  });

  it('opened on its own, a hidden take asks first with its reason instead', () => {
    const f = filters({ teams: new Map([[LAKERS, { label: 'Los Angeles Lakers', action: 'hide' }]]) });
    expect(judgeTake(asOpened(f), take({ teams: [LAKERS] }))).toEqual({
      reason: 'team',
      label: 'Muted team: Los Angeles Lakers',
      game: null,
    });
    expect(judgeTake(asOpened(filters({ hiddenAuthors: new Set(['them']) })), take())).toBe('hide');
  });
});

describe('teamAt', () => {
  const stints = [
    { team: HEAT, from: new Date('2010-07-01'), to: new Date('2014-07-01') },
    { team: LAKERS, from: new Date('2018-07-01'), to: null },
  ];
  it('reads the stint covering the time, and the current team when no stints are kept', () => {
    expect(teamAt({ teamId: LAKERS, stints }, new Date('2012-01-01'))).toBe(HEAT);
    expect(teamAt({ teamId: LAKERS, stints }, new Date('2026-01-01'))).toBe(LAKERS);
    expect(teamAt({ teamId: LAKERS, stints }, new Date('2016-01-01'))).toBeNull();
    expect(teamAt({ teamId: CELTICS, stints: [] }, new Date('2016-01-01'))).toBe(CELTICS);
  });
});

describe('the spoiler shield', () => {
  const shielded = filters({ shielded: [game] });
  const collapsed = { reason: 'spoiler', label: 'Spoiler: Lakers @ Celtics', game: game.game };

  it('collapses takes naming either team since tip-off, and those filed on the game whenever', () => {
    expect(judgeTake(shielded, take({ teams: [CELTICS] }))).toEqual(collapsed);
    expect(judgeTake(shielded, take({ teams: [LAKERS], createdAt: new Date(TIPOFF.getTime() - 60_000) }))).toBe('show');
    expect(judgeTake(shielded, take({ game: game.game, createdAt: new Date(TIPOFF.getTime() - 60_000) }))).toEqual(collapsed);
    expect(judgeTake(shielded, take({ teams: [HEAT] }))).toBe('show');
  });

  it('collapses comments written since tip-off under a take about the game, even an older take', () => {
    const older = take({ teams: [LAKERS], createdAt: new Date(TIPOFF.getTime() - 86_400_000) });
    const during = { author: 'them', createdAt: new Date(TIPOFF.getTime() + 1000), text: matchText('Up 20 at the half') };
    expect(judgeComment(shielded, during, older)).toEqual(collapsed);
    expect(judgeComment(shielded, { ...during, createdAt: new Date(TIPOFF.getTime() - 1000) }, older)).toBe('show');
    expect(judgeComment(shielded, during, take({ teams: [HEAT] }))).toBe('show');
  });

  it('is stronger than a collapsing mute and weaker than a hiding one', () => {
    const both = filters({ shielded: [game], words: [{ key: 'trade', label: 'trade', action: 'collapse' }] });
    expect(judgeTake(both, take({ teams: [LAKERS], text: matchText('trade') }))).toEqual(collapsed);
    const hiding = filters({ shielded: [game], words: [{ key: 'trade', label: 'trade', action: 'hide' }] });
    expect(judgeTake(hiding, take({ teams: [LAKERS], text: matchText('trade') }))).toBe('hide');
  });
});

describe('stronger', () => {
  it('prefers hide, then the spoiler, then any collapse', () => {
    const word = { reason: 'word' as const, label: 'Muted word: “x”', game: null };
    const spoiler = { reason: 'spoiler' as const, label: 'Spoiler: A @ B', game: 1 };
    expect(stronger('show', word)).toBe(word);
    expect(stronger(word, spoiler)).toBe(spoiler);
    expect(stronger(spoiler, 'hide')).toBe('hide');
    expect(stronger('show', 'show')).toBe('show');
  });
});

describe('filtersAnything', () => {
  it('is false for a reader with nothing to filter, so lists skip their work', () => {
    expect(filtersAnything(NO_FILTERS)).toBe(false);
    expect(filtersAnything(filters({ hiddenAuthors: new Set(['x']) }))).toBe(true);
  });
});
