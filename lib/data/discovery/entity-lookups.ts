import 'server-only';
import { cache } from 'react';
import { getPlayer, getTeam, getTopic } from '@/lib/data/discovery/entities';
import { getGame } from '@/lib/data/games/games';
import { topicSlug } from '@/lib/validation/common';
import { gameParams } from '@/lib/validation/games';
import { playerParams, teamParams } from '@/lib/validation/takes';

// One lookup per request, shared by the segment layout (which answers 404 before anything
// streams), generateMetadata and the page. A malformed id is simply not found.

export const findPlayer = cache(async (raw: string) => {
  const parsed = playerParams.safeParse({ playerID: raw });
  return parsed.success ? getPlayer(parsed.data.playerID) : null;
});

export const findTeam = cache(async (raw: string) => {
  const parsed = teamParams.safeParse({ teamID: raw });
  return parsed.success ? getTeam(parsed.data.teamID) : null;
});

export const findGame = cache(async (raw: string) => {
  const parsed = gameParams.safeParse({ id: raw });
  return parsed.success ? getGame(parsed.data.id) : null;
});

export const findTopic = cache(async (raw: string) => {
  const parsed = topicSlug.safeParse(raw);
  return parsed.success ? getTopic(parsed.data) : null;
});

/**
 * The 404 check for a layout. It runs before anything of the page streams (and
 * outside any loading state the segment may gain), so an unknown id is answered
 * with a real 404 status rather than a streamed 200; a failed lookup is left to
 * the page, which shows its error text.
 */
export async function isMissing(lookup: Promise<unknown>): Promise<boolean> {
  try {
    return (await lookup) === null;
  } catch {
    return false;
  }
}
