/**
 * Callers standings for the benchmark's boards. The scheduled job writes
 * CallerStat standings as receipts are scored; a data set seeded minutes ago
 * has had no check-back date come due, so without this every board would be
 * empty and the bench would time an empty page. Each user gets a standing on
 * this season's board and the all-time board, with ratings spread so that
 * about three in four qualify and pages are full. A database that already has
 * standings (a seed that makes its own) is left as it is.
 *
 *   node --conditions=react-server --import tsx bench/seed-callers.ts
 */
import { callerRating, isProvisional, qualifies, seasonOf, wilsonLower, type Board } from '@/lib/callers';
import { dbConnect, dbDisconnect } from '@/lib/db';
import { CallerStat, User, type UserRow } from '@/models';

const CHUNK = 5_000;

async function main() {
  await dbConnect();
  if (await CallerStat.exists({})) {
    console.log(JSON.stringify({ callerStats: 0, kept: true }));
    return;
  }
  const users = await User.find({}).select({ favoriteTeam: 1 }).sort({ _id: 1 }).lean<Pick<UserRow, '_id' | 'favoriteTeam'>[]>();
  const now = new Date();
  const boards: Board[] = [seasonOf(now), 'all'];
  const docs = users.flatMap((user, i) =>
    boards.map((board, b) => {
      // Deterministic spread: 3 to 26 scored receipts, a hit share from 30% to 85%, and a user in four on fewer than 3 days.
      const scored = 3 + ((i * 7 + b * 5) % 24);
      const well = Math.round(scored * (0.3 + ((i * 13) % 56) / 100));
      const points = well * 1.4 - (scored - well);
      const days = i % 4 === 3 ? 2 : Math.min(scored, 3 + (i % 9));
      return {
        _id: `${board}:${String(user._id)}`,
        user: user._id,
        board,
        favoriteTeam: user.favoriteTeam ?? null,
        scored,
        points,
        rating: callerRating(points, scored),
        well,
        poorly: scored - well,
        close: i % 3,
        days,
        hitRateLow: wilsonLower(well, scored),
        qualified: qualifies({ scored, days }),
        provisional: isProvisional({ scored, days }),
        updatedAt: now,
      };
    }),
  );
  for (let i = 0; i < docs.length; i += CHUNK) await CallerStat.insertMany(docs.slice(i, i + CHUNK), { ordered: false });
  console.log(JSON.stringify({ callerStats: docs.length }));
}

main()
  .then(() => dbDisconnect())
  .catch(async (error: unknown) => {
    console.error('bench callers seed failed:', error instanceof Error ? error.message : error);
    await dbDisconnect().catch(() => undefined);
    process.exit(1);
  });
