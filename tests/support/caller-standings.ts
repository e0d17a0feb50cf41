import mongoose from 'mongoose';
import { CallerStat, User } from '@/models';

/*
 * Callers boards as setup data, for the data tier's and the API's board tests alike: fans stored with a username and
 * nothing else, and their standings as the scheduled job would have written them. The caller's file connects.
 */

let serial = 0;

/** Accounts stored directly: a board's fans need no sign-in, only a username. */
export async function fans(n: number, team: number | null = null): Promise<string[]> {
  const tag = `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1000)}`;
  const docs = Array.from({ length: n }, () => {
    serial += 1;
    return {
      _id: new mongoose.Types.ObjectId(),
      firebaseUID: `callers-${tag}-${serial}`,
      username: `cb${tag}${serial}`.slice(0, 15),
      favoriteTeam: team,
    };
  });
  await User.insertMany(docs);
  return docs.map((d) => String(d._id));
}

export type Standing = { rating: number; scored?: number; qualified?: boolean; team?: number | null; days?: number };

export async function standings(board: string, rows: [string, Standing][]) {
  await CallerStat.insertMany(
    rows.map(([user, s]) => {
      const scored = s.scored ?? 8;
      const well = Math.max(0, Math.round(scored * 0.6));
      return {
        _id: `${board}:${user}`,
        user: new mongoose.Types.ObjectId(user),
        board,
        favoriteTeam: s.team ?? null,
        scored,
        points: s.rating * (scored + 10),
        rating: s.rating,
        well,
        poorly: scored - well,
        close: 1,
        days: s.days ?? 4,
        hitRateLow: 0.35,
        qualified: s.qualified ?? true,
        provisional: scored < 15,
        updatedAt: new Date(),
      };
    }),
  );
}
