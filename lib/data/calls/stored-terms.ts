import type { CallTerms } from '@/lib/calls/calls';
import type { CallRow } from '@/models';

/** The fields a stored call's terms are read from, for a query's projection. */
export const TERMS_FIELDS = { kind: 1, game: 1, season: 1, team: 1, other: 1, player: 1, stat: 1, side: 1, line: 1 } as const;

export type TermsRow = Pick<CallRow, 'kind' | 'game' | 'season' | 'team' | 'other' | 'player' | 'stat' | 'side' | 'line'>;

/** A stored call's terms, with the fields its kind leaves unset as null. */
export const storedTerms = (row: TermsRow): CallTerms => ({
  kind: row.kind,
  game: row.game ?? null,
  season: row.season ?? null,
  team: row.team ?? null,
  other: row.other ?? null,
  player: row.player ?? null,
  stat: row.stat ?? null,
  side: row.side ?? null,
  line: row.line ?? null,
});
