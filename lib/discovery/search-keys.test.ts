import { queryKeys, SEARCH_PREFIX_MAX, searchKeys, searchWords } from '@/lib/discovery/search-keys';

describe('searchWords', () => {
  it('lower-cases, folds accents and splits on anything not a letter or digit', () => {
    expect(searchWords("Jokić's 3-point Crème-BRÛLÉE 🐐run")).toEqual(['jokic', 's', '3', 'point', 'creme', 'brulee', 'run']);
  });
});

describe('searchKeys', () => {
  it('keeps every prefix of two letters or more, and one-letter words whole', () => {
    expect(searchKeys('LeBron a', 'Lakers').sort()).toEqual([
      'a',
      'la',
      'lak',
      'lake',
      'laker',
      'lakers',
      'le',
      'leb',
      'lebr',
      'lebro',
      'lebron',
    ]);
  });

  it(`stops at ${SEARCH_PREFIX_MAX} characters`, () => {
    const keys = searchKeys('x'.repeat(100));
    expect(keys).toHaveLength(SEARCH_PREFIX_MAX - 1);
    expect(Math.max(...keys.map((k) => k.length))).toBe(SEARCH_PREFIX_MAX);
  });
});

describe('queryKeys', () => {
  it('orders words longest first, drops repeats and caps each at the longest stored prefix', () => {
    expect(queryKeys('the LeBron the Lakers!')).toEqual(['lakers', 'lebron', 'the']);
    expect(queryKeys('a'.repeat(100))).toEqual(['a'.repeat(SEARCH_PREFIX_MAX)]);
  });

  it('is empty for text with no letter or digit', () => {
    expect(queryKeys('.* ( $ne 🐐')).toEqual(['ne']);
    expect(queryKeys('.* ( 🐐 !')).toEqual([]);
  });

  it('keeps the five longest words', () => {
    expect(queryKeys('aa bbb cccc ddddd eeeeee fffffff')).toEqual(['fffffff', 'eeeeee', 'ddddd', 'cccc', 'bbb']);
  });
});
