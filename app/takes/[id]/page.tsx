import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TakeGate } from '@/components/fan-filters/take-gate';
import { RevealedThread } from '@/components/shared/revealed-thread';
import { TakeCard } from '@/components/take-card/take-card';
import { findTake } from '@/lib/data/takes/takes';
import { markOf } from '@/lib/reactions/marks';
import { collapsedMetadata, NOT_FOUND_METADATA, takeMetadata } from '@/lib/site/seo';
import { shieldedCall } from '@/lib/data/filters/lists';
import { viewerMarks, viewerReader, viewerJudgement } from '@/app/_lib/viewer';
import styles from './page.module.css';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Metadata and the page read the same take, and judge it once, per request.
const loadTake = cache(findTake);

/** `?reveal=1`: the reader tapped "Show take" on a take their filters cover. */
const asked = async (searchParams: Props['searchParams']) => (await searchParams).reveal === '1';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // A failed read is the page's to report (error.tsx); the head keeps the site's defaults meanwhile.
  const take = await loadTake((await params).id).catch(() => undefined);
  if (take === undefined) return {};
  if (!take) return NOT_FOUND_METADATA;
  const judgement = await viewerJudgement(take);
  if (judgement === 'hide') return NOT_FOUND_METADATA;
  // The title and preview tags of a take the reader's filters cover would tell what it says before they ask.
  return judgement === 'show' || (await asked(searchParams)) ? takeMetadata(take) : collapsedMetadata(judgement.label);
}

export default async function TakePage({ params, searchParams }: Props) {
  const id = (await params).id;
  const take = await loadTake(id);
  if (!take) notFound();
  // A take by someone hidden from the reader is not there for them, as in every list.
  const judgement = await viewerJudgement(take);
  if (judgement === 'hide') notFound();
  const revealed = judgement !== 'show' && (await asked(searchParams));
  if (judgement !== 'show' && !revealed) {
    return (
      <main className={styles.main}>
        <TakeGate collapsed={judgement} showHref={`/takes/${id}?reveal=1`} />
      </main>
    );
  }
  const shown = shieldedCall(await viewerReader(), take);
  const card = <TakeCard take={shown} mark={markOf(await viewerMarks([take]), take._id)} isPage />;
  return <main className={styles.main}>{revealed ? <RevealedThread>{card}</RevealedThread> : card}</main>;
}
