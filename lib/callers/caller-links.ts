import { CALLER_IN_STEP } from '@/lib/callers/constants';

/**
 * Callers: which fans are linked, so that linked accounts count as one fan in a
 * call's crowd and in its verdict (docs/product.md#callers). Pure functions of
 * what the site has seen, shared by the scheduled job that scores calls and the
 * unit tests. Two kinds of link:
 *  - made together: accounts created from one network within a week of the
 *    first of them share a sign-up cohort (lib/data/people/signup-cohort.ts);
 *  - in step: fans who keep acting on the same takes together, each time within
 *    an hour of each other, or who both reacted to a call and both voted on its
 *    verdict. A handful of accounts run by one person does exactly this; fans
 *    who merely like the same popular takes do much else besides, which is why
 *    the shared takes must also be a large share of what one of them does.
 */

/** One thing a fan did to a take: a like or dislike (when first made), or a verdict vote (when first cast). */
export type Act = { take: string; at: number; kind: 'reaction' | 'vote' };
export type Links = (a: string, b: string) => boolean;
export type InStepRule = { [K in 'windowMs' | 'takes' | 'share' | 'busyTake']: number };

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The pairs of fans in step, from each fan's acts (`activity`: fan id → acts), by the rule in lib/callers/constants.ts. */
export function inStepPairs(activity: Map<string, Act[]>, rule: InStepRule = CALLER_IN_STEP): Set<string> {
  const takesOf = new Map<string, Set<string>>();
  const byTake = new Map<string, { fan: string; at: number; kind: Act['kind'] }[]>();
  for (const [fan, acts] of activity) {
    takesOf.set(fan, new Set(acts.map((a) => a.take)));
    for (const act of acts) {
      const onTake = byTake.get(act.take);
      if (onTake) onTake.push({ fan, at: act.at, kind: act.kind });
      else byTake.set(act.take, [{ fan, at: act.at, kind: act.kind }]);
    }
  }
  const shared = new Map<string, Set<string>>();
  const meet = (a: string, b: string, take: string) => {
    if (a === b) return;
    const key = pairKey(a, b);
    shared.set(key, (shared.get(key) ?? new Set()).add(take));
  };
  for (const [take, acts] of byTake) {
    if (new Set(acts.map((a) => a.fan)).size > rule.busyTake) continue;
    acts.sort((x, y) => x.at - y.at);
    for (let i = 0; i < acts.length; i += 1) {
      for (let j = i + 1; j < acts.length && acts[j]!.at - acts[i]!.at < rule.windowMs; j += 1) meet(acts[i]!.fan, acts[j]!.fan, take);
    }
    const reacted = new Set(acts.filter((a) => a.kind === 'reaction').map((a) => a.fan));
    const both = [...new Set(acts.filter((a) => a.kind === 'vote' && reacted.has(a.fan)).map((a) => a.fan))];
    for (let i = 0; i < both.length; i += 1) for (let j = i + 1; j < both.length; j += 1) meet(both[i]!, both[j]!, take);
  }
  const inStep = new Set<string>();
  for (const [key, takes] of shared) {
    const [a, b] = key.split('|') as [string, string];
    const fewer = Math.min(takesOf.get(a)!.size, takesOf.get(b)!.size);
    if (takes.size >= rule.takes && takes.size >= rule.share * fewer) inStep.add(key);
  }
  return inStep;
}

/** Whether two fans are linked: the same sign-up cohort, or in step. */
export function linksOf(cohorts: Map<string, string | null>, inStep: Set<string>): Links {
  return (a, b) => {
    if (a === b) return true;
    const cohort = cohorts.get(a);
    return (cohort != null && cohort === cohorts.get(b)) || inStep.has(pairKey(a, b));
  };
}

/**
 * What counts when linked fans count as one: in the order given (earliest first),
 * each item whose fan is linked to no fan counted before it. A fan linked to two
 * others who are not linked to each other lets both of them count, if they come
 * first: a link is between two fans, not a club.
 */
export function onePerLinkedGroup<T extends { fan: string }>(items: T[], linked: Links): T[] {
  const counted: T[] = [];
  for (const item of items) if (!counted.some((c) => linked(c.fan, item.fan))) counted.push(item);
  return counted;
}
