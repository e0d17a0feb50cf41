import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TakeGate } from '@/components/fan-filters/take-gate';
import { ShareablePost } from '@/components/shareable/shareable-post';
import { findTake } from '@/lib/data/takes/takes';
import { publicEnv } from '@/lib/public-env';
import { collapsedMetadata, NOT_FOUND_METADATA, takeMetadata } from '@/lib/site/seo';
import { getViewer, viewerJudgement } from '@/app/_lib/viewer';

type Props = {
  params: Promise<{ takeID: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const flat = (query: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (first(value) === undefined ? [] : [[key, first(value)!]])));

/**
 * The link is public, so the image it names is only used when it is one of
 * ours: anything else could put a stranger's picture under the site's name.
 */
function storageImage(value: string | undefined): string | undefined {
  const base = `${publicEnv().storageBaseUrl.replace(/\/$/, '')}/`;
  return value && value.startsWith(base) && !value.includes('..') ? value : undefined;
}

const loadTake = cache(findTake);

/** What the signed-in reader's filters make of the take (a visitor's are none); 'show' when there is no such take. */
async function judgementOn(takeId: string, query: Record<string, string | string[] | undefined>) {
  if (!(await getViewer())) return 'show';
  const take = await loadTake(takeId);
  if (!take) return 'show';
  const judgement = await viewerJudgement(take);
  return judgement !== 'hide' && first(query.reveal) === '1' ? 'show' : judgement;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ takeID: takeId }, query] = await Promise.all([params, searchParams]);
  const take = await loadTake(takeId);
  if (!take) return NOT_FOUND_METADATA;
  const judgement = await judgementOn(takeId, query);
  if (judgement === 'hide') return NOT_FOUND_METADATA;
  return judgement === 'show' ? takeMetadata(take, `/shareable-post/${takeId}`) : collapsedMetadata(judgement.label);
}

export default async function ShareablePostPage({ params, searchParams }: Props) {
  const [{ takeID: takeId }, query] = await Promise.all([params, searchParams]);
  // A signed-in reader does not get the poster of a take by someone hidden from them, as on the take's page, and
  // one their mutes or spoiler shield cover asks first.
  const judgement = await judgementOn(takeId, query);
  if (judgement === 'hide') notFound();
  if (judgement !== 'show') {
    return (
      <main className="page">
        <TakeGate collapsed={judgement} showHref={`/shareable-post/${takeId}?${new URLSearchParams({ ...flat(query), reveal: '1' })}`} />
      </main>
    );
  }
  const entityName = first(query.entityName)?.trim().slice(0, 80) || undefined;
  return <ShareablePost takeId={takeId} entityName={entityName} entityImage={storageImage(first(query.entityImage))} />;
}
