import 'server-only';
import mongoose, { Types } from 'mongoose';
import { describeCall } from '@/lib/calls/calls';
import { dbConnect } from '@/lib/db';
import { directory } from '@/lib/data/shared/directory';
import { cachedList, LIST_TAGS, LIST_TTL } from '@/lib/data/shared/list-cache';
import { isLeaving, LEAN_USER_FIELDS, type LeanUser, toPublicUser } from '@/lib/data/shared/mappers';
import type { SettledCallDTO, SettledTonight } from '@/lib/validation/calls';
import { Call, type CallRow, Take, User } from '@/models';
import { storedTerms, TERMS_FIELDS, type TermsRow } from './stored-terms';

/**
 * A game's Settled tonight (docs/product.md#game-day): its calls once settled, hits first, then misses, then voids,
 * and within each the longest odds first, each with the crowd's odds it beat (or did not). The calls and their authors
 * are read through the data cache under the game's tag, which settling its calls expires (lib/data/calls/settlement.ts,
 * through the league write's expireGames); whether each take is still there is read each time (one read by id), so a
 * take deleted or hidden since is gone from it at once. Its calls name no words of their takes, only their terms.
 */

type Row = TermsRow & Pick<CallRow, 'take' | 'author' | 'result' | 'reason' | 'crowd'>;

const ORDER = { hit: 0, miss: 1, void: 2 } as const;

/** The game's settled calls as `reader` is shown them: none while their spoiler shield covers it, none by fans hidden from them. */
export async function settledTonight(
  game: number,
  reader: { shielded: boolean; hiddenAuthors: ReadonlySet<string> },
): Promise<SettledTonight> {
  if (reader.shielded) return { shielded: true, calls: [] };
  await dbConnect();
  const cached = await cachedList('settled-tonight', [game], [LIST_TAGS.game(game)], LIST_TTL.lists, async () => {
    const rows = await Call.find({ game, result: mongoose.trusted({ $ne: null }) })
      .select({ ...TERMS_FIELDS, take: 1, author: 1, result: 1, reason: 1, crowd: 1 })
      .lean<Row[]>();
    const ids = [...new Set(rows.map((r) => String(r.author)))];
    const authors = ids.length
      ? await User.find({ _id: mongoose.trusted({ $in: ids.map((id) => new Types.ObjectId(id)) }) })
          .select(LEAN_USER_FIELDS)
          .lean<LeanUser[]>()
      : [];
    return { rows, authors };
  });
  const present = cached.rows.length
    ? new Set(
        (
          await Take.find({ _id: mongoose.trusted({ $in: cached.rows.map((r) => r.take) }) })
            .select({ _id: 1 })
            .lean<{ _id: Types.ObjectId }[]>()
        ).map((t) => String(t._id)),
      )
    : new Set<string>();
  const dir = await directory();
  const authors = new Map(cached.authors.map((a) => [String(a._id), a]));
  const names = {
    team: (id: number) => dir.teamNicknames.get(id) ?? 'Unknown Team',
    player: (id: number) => dir.byKey.get(`player:${id}`)?.name ?? 'Unknown Player',
  };
  const calls = cached.rows
    .filter((row) => {
      const author = authors.get(String(row.author));
      return present.has(String(row.take)) && author && !isLeaving(author) && !reader.hiddenAuthors.has(String(row.author));
    })
    .map((row): SettledCallDTO => ({
      takeId: String(row.take),
      author: toPublicUser(authors.get(String(row.author)), dir.teamNicknames),
      text: describeCall(storedTerms(row), names),
      result: row.result!,
      reason: row.reason ?? 'played',
      crowd: row.crowd ?? null,
    }))
    .sort((a, b) => ORDER[a.result] - ORDER[b.result] || (a.crowd ?? 1) - (b.crowd ?? 1));
  return { shielded: false, calls };
}
