import type { Metadata } from 'next';
import { hrefWith } from '@/components/shared/filter-href';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { pageParam, queryOf, readParam, type SearchParams } from '@/components/shared/filter-query';
import { TakeList } from '@/components/take-card/take-list';
import { ReceiptIcon } from '@/components/ui/icons/receipt';
import { now } from '@/lib/clock';
import { FEED_PAGE_SIZE } from '@/lib/constants';
import { listReceipts } from '@/lib/data/receipts/receipts';
import type { ListedTake } from '@/lib/validation/takes';
import { viewerMarks, viewerTop } from '@/app/_lib/viewer';
import { PageHero } from '@/components/ui/page-hero';
import styles from './page.module.css';

export const metadata: Metadata = {
  title: 'Receipts',
  description: 'NBA takes whose check-back day has come: vote on whether they aged well, and see the latest verdicts.',
  alternates: { canonical: '/receipts' },
};

/** Every page of a list up to the one asked for, as the reader may see it, and whether Load More has anything left. */
async function load(list: 'due' | 'verdicts', page: number, at: Date): Promise<{ takes: ListedTake[]; hasMore: boolean }> {
  return viewerTop(page * FEED_PAGE_SIZE, async (limit) => {
    const rows = await listReceipts(list, { skip: 0, limit, now: at }).catch((error: unknown) => {
      // As on trending (docs/product.md#messages): a failed list is logged and shown empty.
      console.error(`Receipts: could not load ${list}`, error);
      return [];
    });
    return { takes: rows, full: rows.length === limit };
  });
}

/** /receipts: takes due now (awaiting votes) and the latest verdicts, each with its own Load More. */
export default async function ReceiptsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const duePage = readParam(pageParam, params, 'due');
  const verdictsPage = readParam(pageParam, params, 'verdicts');
  const query = queryOf({ due: duePage, verdicts: verdictsPage }, { due: 1, verdicts: 1 });
  const at = await now();
  const [due, verdicts] = await Promise.all([load('due', duePage, at), load('verdicts', verdictsPage, at)]);
  const marks = await viewerMarks([...due.takes, ...verdicts.takes]);

  return (
    <main className="page">
      <PageHero
        icon={<ReceiptIcon size={28} />}
        title="Receipts"
        lead="Takes come with a check-back date. When it comes, fans decide: aged well, or aged poorly?"
      />

      <section className={styles.section} aria-labelledby="receipts-due">
        <h2 id="receipts-due" className={styles.heading}>
          Due now
        </h2>
        <p className={styles.sub}>Check-back dates from the last two weeks, still waiting on a verdict.</p>
        <TakeList takes={due.takes} marks={marks} emptyText="No receipts are due right now." />
        {due.hasMore && <LoadMoreLink href={hrefWith('/receipts', query, { due: duePage + 1 })} />}
      </section>

      <section className={styles.section} aria-labelledby="receipts-verdicts">
        <h2 id="receipts-verdicts" className={styles.heading}>
          Latest verdicts
        </h2>
        <p className={styles.sub}>A verdict stands once 10 fans have voted and a week has passed since the date.</p>
        <TakeList takes={verdicts.takes} marks={marks} emptyText="No verdicts yet." />
        {verdicts.hasMore && <LoadMoreLink href={hrefWith('/receipts', query, { verdicts: verdictsPage + 1 })} />}
      </section>
    </main>
  );
}
