import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { dbConnect } from '@/lib/db';
import { splitKey } from '@/lib/league/entities';
import {
  Block,
  Call,
  Comment,
  CommentReport,
  EntityFollow,
  Follow,
  HiddenComment,
  HiddenTake,
  MuteRule,
  Notification,
  ReceiptVote,
  Report,
  Save,
  SpoilerShield,
  Take,
  User,
  UserAction,
  type UserRow,
} from '@/models';

/**
 * "Download my data": everything Takes keeps about a fan, as one JSON
 * document produced piece by piece. Each collection is walked with a cursor in
 * batches, on the index its own pages use, and written out as it comes, so
 * a fan with a hundred thousand reactions costs a batch of memory, not all of
 * them. Other people appear by id and username only.
 */

type Doc = Record<string, unknown> & { _id: Types.ObjectId };

const BATCH = 200;
/** How much text to gather before handing it to the stream. */
const CHUNK_CHARS = 16_384;

const id = (value: unknown) => (value == null ? null : String(value));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

/** A JSON array written as its items arrive, in chunks of about CHUNK_CHARS, each batch first passed through `map`. */
async function* array(cursor: AsyncIterable<Doc>, map: (batch: Doc[]) => Promise<unknown[]> | unknown[]): AsyncGenerator<string> {
  let text = '[';
  let first = true;
  let batch: Doc[] = [];
  const flush = async () => {
    for (const item of await map(batch)) {
      text += (first ? '' : ',') + JSON.stringify(item);
      first = false;
    }
    batch = [];
  };
  for await (const doc of cursor) {
    batch.push(doc);
    if (batch.length < BATCH) continue;
    await flush();
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  await flush();
  yield `${text}]`;
}

const each =
  <T>(map: (doc: Doc) => T) =>
  (batch: Doc[]) =>
    batch.map(map);

/** Names the other fans of a batch (follows, notifications, blocks) in one query. */
function withUsernames(field: string, map: (doc: Doc, name: { _id: string | null; username: string | null }) => unknown) {
  return async (batch: Doc[]) => {
    const ids = [...new Set(batch.flatMap((doc) => (doc[field] ? [String(doc[field])] : [])))];
    const users = ids.length
      ? await User.find({ _id: mongoose.trusted({ $in: ids }) })
          .select({ username: 1 })
          .lean<Pick<UserRow, '_id' | 'username'>[]>()
      : [];
    const names = new Map(users.map((u) => [String(u._id), u.username]));
    return batch.map((doc) => map(doc, { _id: id(doc[field]), username: names.get(String(doc[field])) ?? null }));
  };
}

const take = (t: Doc) => ({
  _id: id(t._id),
  title: t.title,
  description: t.description,
  tags: t.tags,
  entityType: t.entityType,
  playerID: t.playerID ?? null,
  team: t.team ?? null,
  specialID: t.specialID ?? null,
  gameID: t.gameID ?? null,
  createdAt: iso(t.createdAt),
  likes: t.likes,
  dislikes: t.dislikes,
  shares: t.shares,
  favorites: t.favorites ?? 0,
  commentsCount: t.commentsCount,
  checkBackAt: iso(t.checkBackAt),
  agedWell: t.agedWell ?? 0,
  agedPoorly: t.agedPoorly ?? 0,
});

const comment = (c: Doc) => ({
  _id: id(c._id),
  text: c.text,
  postID: id(c.postID),
  parentComment: id(c.parentComment),
  taggedUser: id(c.taggedUser),
  createdAt: iso(c.createdAt),
  likes: c.likes,
  dislikes: c.dislikes,
});

/** A query's documents as plain objects, read a batch at a time. */
const cursorOf = (query: mongoose.Query<unknown, unknown>) => query.lean<Doc[]>().cursor({ batchSize: BATCH });

export async function* exportAccount(user: UserRow, exportedAt: Date): AsyncGenerator<string> {
  await dbConnect();
  const me = user._id;
  const profile = {
    _id: id(me),
    firebaseUID: user.firebaseUID,
    username: user.username,
    email: user.email ?? null,
    profilePictureUrl: user.profilePictureUrl ?? null,
    bio: user.bio ?? '',
    favoriteTeam: user.favoriteTeam ?? null,
    showFlair: user.showFlair !== false,
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    postsCount: user.postsCount,
    createdAt: iso(user.createdAt),
  };
  yield `{"exportedAt":${JSON.stringify(exportedAt.toISOString())},"profile":${JSON.stringify(profile)},"takes":`;
  yield* array(cursorOf(Take.find({ createdBy: me }).sort({ createdAt: -1, _id: -1 })), each(take));
  yield ',"hiddenTakes":';
  yield* array(
    cursorOf(HiddenTake.find({ createdBy: me })),
    each((h) => ({ ...take(h.take as Doc), hiddenAt: iso(h.hiddenAt), reason: h.reason })),
  );
  yield ',"comments":';
  yield* array(cursorOf(Comment.find({ user: me }).sort({ createdAt: -1 })), each(comment));
  // A hidden comment is moved with its replies: the fan's own, or their replies under someone else's; others' replies are theirs.
  yield ',"hiddenComments":';
  yield* array(cursorOf(HiddenComment.find({ $or: [{ createdBy: me }, { 'replies.user': me }] })), (batch) =>
    batch.flatMap((h) =>
      [h.comment as Doc, ...(h.replies as Doc[])]
        .filter((c) => String(c.user) === String(me))
        .map((c) => ({ ...comment(c), hidden: true, hiddenAt: iso(h.hiddenAt), reason: h.reason })),
    ),
  );
  // Reactions, then favorites and shares: two walks of the same index, so neither list is held to split the other.
  const actions = (slots: string[]) => (batch: Doc[]) =>
    batch
      .filter((a) => slots.includes(String(a.slot)))
      .map((a) => ({ actionType: a.actionType, [a.targetType === 'take' ? 'postID' : 'commentID']: id(a.target), at: iso(a.updatedAt) }));
  yield ',"reactions":';
  yield* array(cursorOf(UserAction.find({ user: me }).sort({ updatedAt: -1 })), actions(['reaction']));
  yield ',"favoritesAndShares":';
  yield* array(cursorOf(UserAction.find({ user: me }).sort({ updatedAt: -1 })), actions(['favorite', 'share']));
  yield ',"following":';
  yield* array(
    cursorOf(Follow.find({ follower: me })),
    withUsernames('followee', (f, user) => ({ user, since: iso(f.createdAt) })),
  );
  yield ',"followedTeamsAndPlayers":';
  yield* array(
    cursorOf(EntityFollow.find({ user: me })),
    each((f) => {
      const [type, entityId] = splitKey(String(f.entityKey));
      return { type, id: entityId, since: iso(f.createdAt) };
    }),
  );
  yield ',"followers":';
  yield* array(
    cursorOf(Follow.find({ followee: me })),
    withUsernames('follower', (f, user) => ({ user, since: iso(f.createdAt) })),
  );
  yield ',"receiptVotes":';
  yield* array(
    cursorOf(ReceiptVote.find({ user: me }).sort({ updatedAt: -1 })),
    each((v) => ({ postID: id(v.take), vote: v.vote, at: iso(v.updatedAt) })),
  );
  yield ',"notifications":';
  yield* array(
    cursorOf(Notification.find({ recipient: me }).sort({ createdAt: -1, _id: -1 })),
    withUsernames('actor', (n, actor) => ({
      type: n.type,
      // A hide names no moderator, even one stored before hides stopped naming them.
      actor: actor._id && n.type !== 'hidden' ? actor : null,
      postID: id(n.take),
      commentID: id(n.comment),
      milestone: n.milestone ?? null,
      verdict: n.verdict ?? null,
      read: n.read,
      at: iso(n.createdAt),
    })),
  );
  yield ',"blocksAndMutes":';
  yield* array(
    cursorOf(Block.find({ user: me })),
    withUsernames('target', (b, user) => ({ kind: b.kind, user, since: iso(b.createdAt) })),
  );
  // The fan's own filters: what they muted and for how long, and their spoiler shield (docs/product.md#filters).
  yield ',"mutes":';
  yield* array(
    cursorOf(MuteRule.find({ user: me }).sort({ kind: 1, key: 1 })),
    each((m) => ({
      kind: m.kind,
      [m.kind === 'word' ? 'word' : `${String(m.kind)}ID`]: m.kind === 'word' ? (m.word ?? m.key) : Number(m.key),
      action: m.action,
      expiresAt: iso(m.expiresAt),
      since: iso(m.createdAt),
    })),
  );
  yield ',"spoilerShield":';
  yield* array(
    cursorOf(SpoilerShield.find({ user: me }).sort({ kind: 1, target: 1 })),
    each((s) =>
      s.kind === 'team'
        ? { kind: 'watch-later', teamID: s.target, hours: s.hours, since: iso(s.createdAt) }
        : {
            kind: s.kind === 'game' ? 'not-watched-yet' : 'watched',
            gameID: s.target,
            ...(s.kind === 'game' ? { hours: s.hours } : {}),
            since: iso(s.createdAt),
          },
    ),
  );
  yield ',"saves":';
  yield* array(
    cursorOf(Save.find({ user: me }).sort({ createdAt: -1, _id: -1 })),
    each((s) => ({ postID: id(s.take), notify: s.notify, at: iso(s.createdAt) })),
  );
  yield ',"calls":';
  yield* array(
    cursorOf(Call.find({ author: me }).sort({ lockAt: -1, _id: -1 })),
    each((c) => ({
      postID: id(c.take),
      kind: c.kind,
      gameID: c.game ?? null,
      season: c.season ?? null,
      team: c.team ?? null,
      other: c.other ?? null,
      player: c.player ?? null,
      stat: c.stat ?? null,
      side: c.side ?? null,
      line: c.line ?? null,
      lockAt: iso(c.lockAt),
      result: c.result ?? null,
      reason: c.reason ?? null,
      settledAt: iso(c.settledAt),
      crowd: c.crowd ?? null,
    })),
  );
  yield ',"reports":';
  yield* array(
    cursorOf(Report.find({ user: me })),
    each((r) => ({ postID: id(r.take), reason: r.reason, at: iso(r.createdAt), closed: r.closedAt != null })),
  );
  yield ',"commentReports":';
  yield* array(
    cursorOf(CommentReport.find({ user: me })),
    each((r) => ({ commentID: id(r.comment), postID: id(r.take), reason: r.reason, at: iso(r.createdAt), closed: r.closedAt != null })),
  );
  yield '}';
}
