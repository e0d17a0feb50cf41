/**
 * Search matches whole prefixes of words, so an index can serve it: each take
 * stores the prefixes of the words it can be found by (its title, description,
 * focus's name and author's username), and a query word matches a take holding
 * that word as one of its keys. "lebr" finds "LeBron"; an infix ("ebro") does not.
 */

/** Prefixes longer than this are not stored; a longer query word is matched on its first this many characters. */
export const SEARCH_PREFIX_MAX = 15;
/** A query's words beyond these are ignored: each one narrows, and the first few already narrow enough. */
export const SEARCH_QUERY_WORDS = 5;

/** Lower-cased, accents folded ("Jokić" → "jokic"), split on anything not a letter or digit; emoji and punctuation split words and vanish. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The keys a text is found by: every prefix of two characters or more of each
 * word (up to SEARCH_PREFIX_MAX), and the word itself. A one-letter key would
 * match most takes and tell them apart by nothing; a one-letter word ("a",
 * the "o" of O'Neal) is still a key of its own.
 */
export function searchKeys(...texts: string[]): string[] {
  const keys = new Set<string>();
  for (const word of texts.flatMap(searchWords)) {
    const capped = [...word].slice(0, SEARCH_PREFIX_MAX);
    if (capped.length === 1) keys.add(capped[0]!);
    for (let length = 2; length <= capped.length; length += 1) keys.add(capped.slice(0, length).join(''));
  }
  return [...keys];
}

/**
 * A query as the keys a take must all hold, the most selective (longest) first;
 * the same query however it is typed gives the same list. Empty when the query
 * has no letter or digit.
 */
export function queryKeys(query: string): string[] {
  const words = searchWords(query).map((word) => [...word].slice(0, SEARCH_PREFIX_MAX).join(''));
  return [...new Set(words)].sort((a, b) => [...b].length - [...a].length || (a < b ? -1 : a > b ? 1 : 0)).slice(0, SEARCH_QUERY_WORDS);
}
