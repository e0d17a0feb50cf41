import 'server-only';
import { dbConnect } from '@/lib/db';
import { SystemState, type SystemStateRow } from '@/models';

/**
 * The league data's version: one number in the database (`systemstate`, _id "league") that every league change moves
 * (lib/data/league/league-batches.ts). Each instance reads it at most once a second and keys what it keeps of the
 * league by it (the name directory, lib/data/shared/directory.ts; the cached reference lists,
 * lib/data/discovery/entities.ts), so a trade, a rename or a closed topic made through any instance, or by an import
 * outside the app, shows on every instance's pages and API within about a second, whatever cache handler they share.
 * Stale for at most CHECK_MS; the instance that made the change sees it at once.
 */
const CHECK_MS = 1000;

type State = { version: number; checkedAt: number; reading?: Promise<number> };
const globalState = globalThis as typeof globalThis & { __takesLeagueVersion?: State };
const state: State = (globalState.__takesLeagueVersion ??= { version: -1, checkedAt: 0 });

async function read(): Promise<number> {
  try {
    await dbConnect();
    const stored = await SystemState.findById('league').select({ version: 1 }).lean<Pick<SystemStateRow, 'version'>>();
    state.version = stored?.version ?? 0;
    state.checkedAt = Date.now();
  } catch (error) {
    // The database is away: the last version known stands, and the next call asks again.
    if (state.version < 0) throw error;
  }
  return state.version;
}

export function leagueVersion(): Promise<number> {
  if (state.version >= 0 && Date.now() - state.checkedAt < CHECK_MS) return Promise.resolve(state.version);
  state.reading ??= read().finally(() => {
    state.reading = undefined;
  });
  return state.reading;
}

/** Moves the version after a league change; this instance takes the new one at once. */
export async function bumpLeagueVersion(): Promise<void> {
  const updated = await SystemState.findOneAndUpdate({ _id: 'league' }, { $inc: { version: 1 } }, { upsert: true, returnDocument: 'after' })
    .select({ version: 1 })
    .lean<Pick<SystemStateRow, 'version'>>();
  state.version = updated?.version ?? state.version + 1;
  state.checkedAt = Date.now();
}
