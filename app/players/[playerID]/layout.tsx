import { notFound } from 'next/navigation';
import { findPlayer, isMissing } from '@/lib/data/discovery/entity-lookups';

export default async function PlayerLayout({ children, params }: { children: React.ReactNode; params: Promise<{ playerID: string }> }) {
  const { playerID } = await params;
  if (await isMissing(findPlayer(playerID))) notFound();
  return children;
}
