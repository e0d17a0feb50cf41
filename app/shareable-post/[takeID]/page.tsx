import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShareablePost } from '@/components/shareable/shareable-post';
import { findTake } from '@/lib/data/takes/takes';
import { publicEnv } from '@/lib/public-env';
import { NOT_FOUND_METADATA, takeMetadata } from '@/lib/seo';
import { getViewer, viewerMaySee } from '@/app/_lib/viewer';

type Props = {
  params: Promise<{ takeID: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The link is public, so the image it names is only used when it is one of
 * ours: anything else could put a stranger's picture under the site's name.
 */
function storageImage(value: string | undefined): string | undefined {
  const base = `${publicEnv.storageBaseUrl.replace(/\/$/, '')}/`;
  return value && value.startsWith(base) && !value.includes('..') ? value : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { takeID } = await params;
  const take = await findTake(takeID);
  return take ? takeMetadata(take, `/shareable-post/${takeID}`) : NOT_FOUND_METADATA;
}

export default async function ShareablePostPage({ params, searchParams }: Props) {
  const [{ takeID }, query] = await Promise.all([params, searchParams]);
  // A signed-in reader does not get the poster of a take by someone hidden from them, as on the take's page.
  if (await getViewer()) {
    const take = await findTake(takeID);
    if (take && !(await viewerMaySee(take))) notFound();
  }
  const entityName = first(query.entityName)?.trim().slice(0, 80) || undefined;
  return <ShareablePost takeId={takeID} entityName={entityName} entityImage={storageImage(first(query.entityImage))} />;
}
