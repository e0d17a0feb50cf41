import { notFound } from 'next/navigation';
import { findTopic, isMissing } from '@/lib/data/discovery/entity-lookups';

export default async function TopicLayout({ children, params }: { children: React.ReactNode; params: Promise<{ specialId: string }> }) {
  const { specialId } = await params;
  if (await isMissing(findTopic(specialId))) notFound();
  return children;
}
