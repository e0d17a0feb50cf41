import { listEntities } from '@/lib/client/entities';
import type { EntityType } from '@/lib/entities';

/** A player, team or special topic as the create modal offers it (docs/product.md#content). */
export type EntityOption = { value: number | string; label: string; entityType: EntityType };

/** One key per option: a player and a team could in principle share a number. */
export const optionKey = (option: EntityOption) => `${option.entityType}:${option.value}`;

/** Players no longer active (retired, waived, unsigned) and closed topics keep their pages but are not offered. */
async function load(entityType: EntityType): Promise<EntityOption[]> {
  return (await listEntities(entityType))
    .filter((entity) => !entity.inactive && !entity.closed)
    .map(({ id, name }) => ({ value: id, label: name, entityType }));
}

let cached: Promise<EntityOption[]> | null = null;

/**
 * Players, teams and topics, merged. Loaded when the modal first opens and kept
 * for the page's life; a list that fails is logged and left out (docs/product.md#messages), and
 * the next opening tries again.
 */
export function loadEntityOptions(): Promise<EntityOption[]> {
  cached ??= Promise.allSettled([load('player'), load('team'), load('special')]).then((results) => {
    const failed = results.filter((r) => r.status === 'rejected');
    failed.forEach((r) => console.error('Create take: could not load options', r.reason));
    if (failed.length > 0) cached = null;
    return results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  });
  return cached;
}

const needle = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Options whose name contains the query (accents ignored: "jokic" finds Jokić), names that start with it first. */
export function matchOptions(options: EntityOption[], query: string): EntityOption[] {
  const q = needle(query.trim());
  if (!q) return options;
  const hits = options.filter((o) => needle(o.label).includes(q));
  const rank = (o: EntityOption) => (needle(o.label).startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => rank(a) - rank(b));
}
