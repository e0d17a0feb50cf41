import 'server-only';
import mongoose, { type Types } from 'mongoose';
import { derivedScores, entityStatInc, moveEntityStats } from '@/lib/data/counters/counters';
import { COMMENT_TALLIES, countAll, countOf, TAKE_TALLIES, USER_TALLIES, type Tally } from '@/lib/data/counters/recounts';
import type { AnyModel } from '@/lib/data/shared/any-model';
import { topicScore, wilsonLowerBound } from '@/lib/discovery/ranking';
import { Comment, EntityStat, Take, User } from '@/models';

/**
 * How to hold a collection's stored counters against the truth under them.
 * The comparison is written once here and used two ways: the scheduled job
 * checks what changed since its last run (lib/data/counters/counter-checks.ts) and
 * `npm run repair-counts` checks everything (lib/data/maintenance/repair.ts).
 *
 * A check never writes a count it read: a difference is applied with $inc,
 * conditional on the counters it was measured against (compare-and-set), so a
 * like another instance makes in between fails the condition instead of being
 * overwritten. And a difference is applied only when it is still the same
 * after SETTLE_MS: a write in flight has stored its fact but not yet moved its
 * counter, which looks like a missing count for a moment and then is not one.
 */
export const SETTLE_MS = 1500;

export type Kind = 'take' | 'comment' | 'user';
export type Fix = { collection: string; id: string; field: string; was: number; now: number; derived?: true };

type Counts = Record<string, number>;
/** A stored document as a check reads it: its counters (undefined where it was stored without one) and what derives from them. */
type Stored = { _id: Types.ObjectId | string } & Record<string, unknown>;

type Ledger = {
  collection: string;
  fields: string[];
  /** Reads the stored documents (all, or those of `ids`): first, so a count read after can only be newer. */
  stored(ids?: readonly (Types.ObjectId | string)[]): Promise<Stored[]>;
  /** The truth for each stored document, keyed by its id. */
  truth(docs: Stored[], ids?: readonly (Types.ObjectId | string)[]): Promise<Map<string, Counts>>;
  /** The fields that follow from the counters, for a document holding `counts`. */
  derived?(doc: Stored, counts: Counts): Counts;
  /** Moves what sums this document's counters (a take's entity stats) by the same difference. */
  cascade?(doc: Stored, diff: Counts): Promise<void>;
  model: AnyModel;
};

const oid = (ids: readonly (Types.ObjectId | string)[]) => ids.map((id) => new mongoose.Types.ObjectId(String(id)));
/** Every document, or those of `ids`. */
const byIds = <Id>(ids?: readonly Id[]) => (ids ? { _id: mongoose.trusted({ $in: ids }) } : {});

function tallyLedger(
  collection: string,
  model: AnyModel,
  tallies: Record<string, Tally>,
  /** Fields read beside the counters: what a truth or a derived key needs, and the derived keys themselves. */
  extra: string[],
  rest: Pick<Ledger, 'derived' | 'cascade'> & { sums?: Record<string, string[]> } = {},
): Ledger {
  const sums = rest.sums ?? {};
  const fields = [...Object.keys(tallies), ...Object.keys(sums)];
  const withSums = (counts: Counts): Counts => ({
    ...counts,
    ...Object.fromEntries(Object.entries(sums).map(([field, parts]) => [field, parts.reduce((n, p) => n + (counts[p] ?? 0), 0)])),
  });
  return {
    collection,
    fields,
    model,
    stored: (ids) =>
      model
        .find(byIds(ids))
        .select(Object.fromEntries([...fields, ...extra].map((f) => [f, 1])))
        .lean<Stored[]>()
        .exec(),
    truth: async (docs, ids) => {
      const all = await countAll(tallies, ids ? oid(ids) : undefined);
      return new Map(
        docs.map((d) => [String(d._id), withSums(countOf(tallies, all, String(d._id), (d.fanTeam as number | null) ?? null))]),
      );
    },
    ...rest,
  };
}

const STAT_OF: Record<string, 'likes' | 'comments' | 'shares'> = { likes: 'likes', commentsCount: 'comments', shares: 'shares' };

export const LEDGERS: Record<Kind | 'entity', Ledger> = {
  take: tallyLedger(
    'takes',
    Take,
    TAKE_TALLIES,
    ['fanTeam', 'createdAt', 'entityKey', 'entityKeys', 'score', 'popularity', 'wilson', 'spice'],
    {
      // A receipt's votes in all, kept like a counter: a vote moves it with its side.
      sums: { receiptVotes: ['agedWell', 'agedPoorly'] },
      derived: (doc, c) => ({
        ...(doc.createdAt
          ? derivedScores({
              likes: c.likes ?? 0,
              dislikes: c.dislikes ?? 0,
              shares: c.shares ?? 0,
              favorites: c.favorites ?? 0,
              commentsCount: c.commentsCount ?? 0,
              createdAt: doc.createdAt as Date,
            })
          : { score: 0, popularity: 0, wilson: 0, spice: 0 }),
      }),
      cascade: async (doc, diff) => {
        const inc = Object.fromEntries(Object.entries(diff).flatMap(([f, d]) => (STAT_OF[f] ? [[STAT_OF[f], d]] : [])));
        if (Object.keys(inc).length)
          await moveEntityStats(
            { entityKey: doc.entityKey as string, entityKeys: doc.entityKeys as string[] | undefined },
            entityStatInc(inc),
          );
      },
    },
  ),
  comment: tallyLedger('comments', Comment, COMMENT_TALLIES, ['wilson'], {
    derived: (_doc, c) => ({ wilson: wilsonLowerBound(c.likes ?? 0, c.dislikes ?? 0) }),
  }),
  user: tallyLedger('users', User, USER_TALLIES, []),
  // An entity's all-time stats are sums of its takes' stored counters; its score is the sum of theirs, kept like them.
  entity: {
    collection: 'entitystats',
    fields: ['takes', 'likes', 'comments', 'shares', 'score'],
    model: EntityStat,
    // Keyed by the entity ('team:2'), not an ObjectId.
    stored: (ids) =>
      EntityStat.find(byIds(ids?.map(String)))
        .select({ takes: 1, likes: 1, comments: 1, shares: 1, score: 1 })
        .lean<Stored[]>()
        .exec(),
    truth: async (docs) => {
      const keys = docs.map((d) => String(d._id));
      // A take counts for every key in its entityKeys (a take on a game: the game and both its teams).
      const rows = await Take.aggregate<{ _id: string; takes: number; likes: number; comments: number; shares: number }>([
        { $match: { entityKeys: { $in: keys } } },
        { $unwind: '$entityKeys' },
        { $match: { entityKeys: { $in: keys } } },
        {
          $group: {
            _id: '$entityKeys',
            takes: { $sum: 1 },
            likes: { $sum: '$likes' },
            comments: { $sum: '$commentsCount' },
            shares: { $sum: '$shares' },
          },
        },
      ]);
      const sums = new Map(rows.map(({ _id, ...counts }) => [_id, { ...counts, score: topicScore(counts) }]));
      return new Map(keys.map((k) => [k, sums.get(k) ?? { takes: 0, likes: 0, comments: 0, shares: 0, score: 0 }]));
    },
  },
};

type Observation = Map<string, { doc: Stored; diff: Counts }>;

async function observe(ledger: Ledger, ids?: readonly (Types.ObjectId | string)[]): Promise<{ docs: Stored[]; diffs: Observation }> {
  const docs = await ledger.stored(ids);
  const truth = await ledger.truth(docs, ids);
  const diffs: Observation = new Map();
  for (const doc of docs) {
    const counts = truth.get(String(doc._id)) ?? {};
    const diff: Counts = {};
    for (const field of ledger.fields) {
      const d = (counts[field] ?? 0) - (((doc[field] as number | undefined) ?? 0) as number);
      if (d !== 0) diff[field] = d;
    }
    if (Object.keys(diff).length) diffs.set(String(doc._id), { doc, diff });
  }
  return { docs, diffs };
}

const sameDiff = (a: Counts, b: Counts) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([f, d]) => b[f] === d);

/** The condition a fix is applied under: the counters as they were measured (a missing one as missing). */
const measuredAs = (ledger: Ledger, doc: Stored) =>
  Object.fromEntries(ledger.fields.map((f) => [f, (doc[f] as number | undefined) ?? null]));

export type Reconciled = { fixes: Fix[]; unsettled: string[]; checked: number };

/**
 * Compares a collection's counters with their truth (for `ids`, or all) and,
 * unless `dryRun`, brings them in line as described above. Returns the counter
 * fixes (and, on a dry run, ranking keys that disagree with their counts, marked
 * `derived`), and the ids whose difference did not settle or whose fix met a
 * concurrent write: the caller checks those again later.
 */
export async function reconcile(
  kind: Kind | 'entity',
  { ids, dryRun = false }: { ids?: readonly (Types.ObjectId | string)[]; dryRun?: boolean } = {},
): Promise<Reconciled> {
  const ledger = LEDGERS[kind];
  const first = await observe(ledger, ids);
  const fixes: Fix[] = [];
  const unsettled: string[] = [];
  const report = (doc: Stored, diff: Counts) => {
    for (const [field, d] of Object.entries(diff)) {
      const was = doc[field] as number | undefined;
      // A counter a document was stored without (written before it existed) is filled in, not reported.
      if (was !== undefined) fixes.push({ collection: ledger.collection, id: String(doc._id), field, was, now: was + d });
    }
  };

  if (dryRun) {
    for (const { doc, diff } of first.diffs.values()) report(doc, diff);
    for (const doc of first.docs) {
      const derived = derivedDisagreement(ledger, doc);
      for (const [field, { was, now }] of Object.entries(derived))
        fixes.push({ collection: ledger.collection, id: String(doc._id), field, was, now, derived: true });
    }
    return { fixes, unsettled, checked: first.docs.length };
  }

  let docs = first.docs;
  if (first.diffs.size > 0) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const again = await observe(ledger, [...first.diffs.keys()]);
    const fixedIds = new Set<string>();
    for (const [id, { diff }] of first.diffs) {
      const now = again.diffs.get(id);
      if (!now) continue;
      if (!sameDiff(diff, now.diff)) {
        unsettled.push(id);
        continue;
      }
      const moved = await ledger.model.updateOne({ _id: now.doc._id, ...measuredAs(ledger, now.doc) }, { $inc: now.diff });
      if (moved.matchedCount !== 1) {
        unsettled.push(id);
        continue;
      }
      report(now.doc, now.diff);
      fixedIds.add(id);
      await ledger.cascade?.(now.doc, now.diff);
    }
    if (fixedIds.size) {
      const refreshed = new Map((await ledger.stored([...fixedIds])).map((d) => [String(d._id), d]));
      docs = docs.map((d) => refreshed.get(String(d._id)) ?? d);
    }
  }
  await alignDerived(ledger, docs);
  return { fixes, unsettled, checked: first.docs.length };
}

function derivedDisagreement(ledger: Ledger, doc: Stored): Record<string, { was: number; now: number }> {
  if (!ledger.derived) return {};
  const counts = Object.fromEntries(ledger.fields.map((f) => [f, (doc[f] as number | undefined) ?? 0]));
  const out: Record<string, { was: number; now: number }> = {};
  for (const [field, now] of Object.entries(ledger.derived(doc, counts))) {
    const was = doc[field] as number | undefined;
    if (was === undefined || Math.abs(was - now) > 1e-6) out[field] = { was: was ?? 0, now };
  }
  return out;
}

/** Ranking keys follow their counters: set where they disagree, conditional on the counters they were computed from. */
async function alignDerived(ledger: Ledger, docs: Stored[]): Promise<void> {
  for (const doc of docs) {
    const off = derivedDisagreement(ledger, doc);
    if (!Object.keys(off).length) continue;
    const set = Object.fromEntries(Object.entries(off).map(([f, { now }]) => [f, now]));
    await ledger.model.updateOne({ _id: doc._id, ...measuredAs(ledger, doc) }, { $set: set });
  }
}
