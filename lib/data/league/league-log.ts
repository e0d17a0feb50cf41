import 'server-only';
import mongoose from 'mongoose';
import { dbConnect } from '@/lib/db';
import { olderThan, nextCursorOf, createdAtKey } from '@/lib/data/shared/keyset';
import { LEAN_USER_FIELDS, type LeanUser, toPublicUser } from '@/lib/data/shared/mappers';
import { gameIdText } from '@/lib/league/league';
import type { Cursor } from '@/lib/validation/cursor';
import type { LeagueChangeDTO, LeagueChangesPage } from '@/lib/validation/league';
import { LeagueChange, type LeagueChangeRow, Player, SpecialTopic, Team, type TeamRow, User } from '@/models';
import type { GameFields } from './league-subjects';
import { summarize } from './league-summaries';

/** The console's audit log: every league change, newest first, with who made it and what it was before and after. */
const PAGE = 30;

type Named = { _id: number | string; name: string };

/** JSON has no dates: a change's fields go out with ISO strings for them. */
const plain = (fields: unknown): Record<string, unknown> | null =>
  fields ? (JSON.parse(JSON.stringify(fields)) as Record<string, unknown>) : null;

export async function listChanges(cursor: Cursor | undefined): Promise<LeagueChangesPage> {
  await dbConnect();
  const rows = await LeagueChange.find(olderThan(cursor)).sort({ createdAt: -1, _id: -1 }).limit(PAGE).lean<LeagueChangeRow[]>();
  const ids = (subject: string) => [...new Set(rows.filter((r) => r.subject === subject).map((r) => r.subjectId))];
  const [teams, players, topics, admins] = await Promise.all([
    Team.find({}).select({ name: 1, nickname: 1, abbreviation: 1 }).lean<Pick<TeamRow, '_id' | 'name' | 'nickname' | 'abbreviation'>[]>(),
    Player.find({
      // A box score line names its player too ("<game>:<player>").
      _id: mongoose.trusted({ $in: [...ids('player'), ...ids('line').map((id) => Number(String(id).split(':')[1]))] }),
    })
      .select({ name: 1 })
      .lean<Named[]>(),
    SpecialTopic.find({ _id: mongoose.trusted({ $in: ids('topic') }) })
      .select({ name: 1 })
      .lean<Named[]>(),
    User.find({ _id: mongoose.trusted({ $in: [...new Set(rows.flatMap((r) => (r.by ? [String(r.by)] : [])))] }) })
      .select(LEAN_USER_FIELDS)
      .lean<LeanUser[]>(),
  ]);
  const teamById = new Map(teams.map((t) => [t._id, t]));
  const names = new Map<string, string>([
    ...teams.map((t) => [`team:${t._id}`, t.name] as const),
    ...players.map((p) => [`player:${p._id}`, p.name] as const),
    ...topics.map((t) => [`topic:${t._id}`, t.name] as const),
  ]);
  const byId = new Map(admins.map((u) => [String(u._id), u]));
  const nicknames = new Map(teams.map((t) => [t._id, t.nickname]));
  const teamName = (id: number) => teamById.get(id)?.name ?? `team ${id}`;
  const changes = rows.map((row): LeagueChangeDTO => {
    const after = row.after as Record<string, unknown> | null;
    const game = row.subject === 'game' ? (after as GameFields | null) : null;
    const [lineGame, linePlayer] = row.subject === 'line' ? String(row.subjectId).split(':') : [];
    const name = game
      ? `${teamById.get(game.away)?.abbreviation ?? game.away} at ${teamById.get(game.home)?.abbreviation ?? game.home} (${gameIdText(Number(row.subjectId))})`
      : lineGame
        ? `${names.get(`player:${linePlayer}`) ?? `Player ${linePlayer}`} in ${gameIdText(Number(lineGame))}`
        : (names.get(`${row.subject}:${row.subjectId}`) ?? String(after?.name ?? row.subjectId));
    const by = row.by ? byId.get(String(row.by)) : undefined;
    return {
      _id: String(row._id),
      subject: row.subject,
      subjectId: row.subjectId as number | string,
      name,
      action: row.action,
      summary: summarize({ subject: row.subject, action: row.action, before: row.before, after: row.after }, teamName),
      source: row.source,
      by: by ? toPublicUser(by, nicknames) : null,
      before: plain(row.before),
      after: plain(row.after),
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { changes, nextCursor: nextCursorOf(rows, PAGE, createdAtKey) };
}
