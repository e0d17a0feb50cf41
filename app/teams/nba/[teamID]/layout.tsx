import { notFound } from 'next/navigation';
import { findTeam, isMissing } from '@/lib/data/discovery/entity-lookups';

export default async function TeamLayout({ children, params }: { children: React.ReactNode; params: Promise<{ teamID: string }> }) {
  const { teamID } = await params;
  if (await isMissing(findTeam(teamID))) notFound();
  return children;
}
