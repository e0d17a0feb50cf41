import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EntityScreen } from '@/app/_screens/entity-screen';
import { readEntityView, type EntityView } from '@/components/entity/entity-view';
import { loadEntityTakes } from '@/lib/data/discovery/entity-takes';
import { getViewer } from '@/app/_lib/viewer';
import type { SearchParams } from '@/components/shared/filter-query';
import { findTopic } from '@/lib/data/discovery/entity-lookups';
import { entityHref } from '@/lib/league/entities';
import { entityMetadata, NOT_FOUND_METADATA } from '@/lib/site/seo';

type Props = { params: Promise<{ specialId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { specialId } = await params;
  const topic = await findTopic(specialId).catch(() => undefined);
  if (topic === null) return NOT_FOUND_METADATA;
  return entityMetadata('topic', specialId, topic?.name ?? 'Special Topic', entityHref('special', specialId));
}

async function load(specialId: string, view: EntityView) {
  const topic = await findTopic(specialId);
  if (!topic) return null;
  return { topic, takes: await loadEntityTakes('special', topic.id, view, (await getViewer())?.user._id ?? null) };
}

export default async function TopicPage({ params, searchParams }: Props) {
  const { specialId } = await params;
  const view = readEntityView(await searchParams);
  const path = entityHref('special', specialId);
  // A failed read reaches error.tsx, which shows its text with Retry.
  const loaded = await load(specialId, view);
  if (!loaded) notFound();

  const { topic, takes } = loaded;
  return (
    <EntityScreen
      type="special"
      id={topic.id}
      name={topic.name || 'Special Topic'}
      details={topic.description}
      path={path}
      view={view}
      result={takes}
    />
  );
}
