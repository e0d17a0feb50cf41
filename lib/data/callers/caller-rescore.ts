import 'server-only';
import { callerFacts } from '@/lib/data/callers/caller-facts';
import { RECEIPT_FIELDS, type Receipt, votedScore } from '@/lib/data/callers/call-score';
import { writeStandings } from '@/lib/data/callers/caller-standings';
import { CallerScore, type CallerScoreRow, Take } from '@/models';

/**
 * The migration `callers-linked-accounts` (lib/data/maintenance/migrations.ts): every call already
 * scored by its votes is judged again under the rules that keep the author,
 * new accounts and linked accounts from moving its crowd and its verdict
 * (lib/data/callers/caller-votes.ts), so a board bought before them is not kept;
 * then its author's standings are rewritten from their scores. A score is
 * otherwise a fact that is never recomputed; this is the one time the rules
 * under it changed. A call whose take is gone or hidden keeps its score (its
 * facts are gone or out of reach), and so does a deleted call's (aged poorly,
 * whatever its crowd). Nobody is notified. Judging the same facts gives the same
 * score, so a run cut short is simply run again.
 */
export async function rescoreCalls(at: Date): Promise<void> {
  const facts = callerFacts(at);
  const authors = new Set<string>();
  const scores = CallerScore.find({})
    .select({ reason: 1, scoredAt: 1 })
    .lean<Pick<CallerScoreRow, '_id' | 'reason' | 'scoredAt'>[]>()
    .cursor();
  for await (const scored of scores) {
    if (scored.reason !== 'votes') continue;
    const take = await Take.findById(scored._id).select(RECEIPT_FIELDS).lean<Receipt>();
    if (!take?.checkBackAt) continue;
    const { _id, ...score } = await votedScore(take, scored.scoredAt, facts);
    await CallerScore.updateOne({ _id }, { $set: score });
    authors.add(String(take.createdBy));
  }
  for (const author of authors) await writeStandings(author, at);
}
