import { notFound } from 'next/navigation';
import { findGame, isMissing } from '@/lib/data/discovery/entity-lookups';

export default async function GameLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (await isMissing(findGame(id))) notFound();
  return children;
}
