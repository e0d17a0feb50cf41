import { tipoffLabel } from '@/lib/games/game-day';
import type { GameDTO } from '@/lib/validation/games';

/** How a game reads at a glance: "Final", "Live", "Postponed", "Cancelled", or its tip-off in the reader's zone ("7:30 PM EST"). */
export function statusLabel(game: Pick<GameDTO, 'status' | 'tipoff'>, zone: string): string {
  if (game.status === 'final') return 'Final';
  if (game.status === 'live') return 'Live';
  if (game.status === 'postponed') return 'Postponed';
  if (game.status === 'cancelled') return 'Cancelled';
  return tipoffLabel(new Date(game.tipoff), zone);
}

/** The side that won a final game, to set its score in bold; null before the end or on a tie. */
export function winner(game: Pick<GameDTO, 'status' | 'awayScore' | 'homeScore'>): 'away' | 'home' | null {
  if (game.status !== 'final' || game.awayScore === null || game.homeScore === null || game.awayScore === game.homeScore) return null;
  return game.awayScore > game.homeScore ? 'away' : 'home';
}
