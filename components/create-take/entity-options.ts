import { listEntities } from '@/lib/client/entities';
import { fetchSlate } from '@/lib/client/games';
import type { EntityType, FocusType } from '@/lib/league/entities';
import { dayIn, tipoffLabel } from '@/lib/games/game-day';

/**
 * A player, team or special topic as the create modal offers it (docs/product.md#content), or one of today's games
 * (docs/product.md#game-day), which carries its teams for the preview.
 */
export type EntityOption = { value: number | string; label: string; entityType: FocusType; matchup?: { away: number; home: number } };

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
 * Today's games in the fan's own time zone, first among the options: "Celtics @ Lakers · 7:30 PM EST". Read at
 * each opening, since the day and the slate change under a page left open.
 */
async function todaysGames(): Promise<EntityOption[]> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { games } = await fetchSlate(dayIn(new Date(), zone), zone);
  return games.map((game) => ({
    value: game.id,
    label: `${game.away.nickname} @ ${game.home.nickname} · ${tipoffLabel(new Date(game.tipoff), zone)}`,
    entityType: 'game',
    matchup: { away: game.away.id, home: game.home.id },
  }));
}

/**
 * Today's games, then players, teams and topics, merged. The entities are loaded when the modal first opens and
 * kept for the page's life; a list that fails is logged and left out (docs/product.md#messages), and the next
 * opening tries again.
 */
export async function loadEntityOptions(): Promise<EntityOption[]> {
  const [games, entities] = await Promise.all([
    todaysGames().catch((error: unknown) => {
      console.error("Create take: could not load today's games", error);
      return [];
    }),
    loadEntities(),
  ]);
  return [...games, ...entities];
}

function loadEntities(): Promise<EntityOption[]> {
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
