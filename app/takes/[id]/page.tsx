import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TakeCard } from '@/components/take-card/take-card';
import { findTake } from '@/lib/data/takes/takes';
import { markOf } from '@/lib/marks';
import { NOT_FOUND_METADATA, takeMetadata } from '@/lib/seo';
import { viewerMarks, viewerMaySee } from '@/app/_lib/viewer';
import styles from './page.module.css';

type Props = { params: Promise<{ id: string }> };

// Metadata and the page read the same take; one query per request.
const loadTake = cache(findTake);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // A failed read is the page's to report (error.tsx); the head keeps the site's defaults meanwhile.
  const take = await loadTake((await params).id).catch(() => undefined);
  if (take === undefined) return {};
  return take ? takeMetadata(take) : NOT_FOUND_METADATA;
}

export default async function TakePage({ params }: Props) {
  const take = await loadTake((await params).id);
  // A take by someone hidden from the reader is not there for them, as in every list.
  if (!take || !(await viewerMaySee(take))) notFound();
  const marks = await viewerMarks([take]);
  return (
    <main className={styles.main}>
      <TakeCard take={take} mark={markOf(marks, take._id)} isPage />
    </main>
  );
}
