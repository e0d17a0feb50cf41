'use client';

import { useRouter } from 'next/navigation';
import type { TakeDTO } from '@/lib/data/mappers';
import { TakeCard } from './take-card';

/** A take as its own page: the title is the page heading, comments are open, and deleting it goes home. */
export function TakeDetail({ take }: { take: TakeDTO }) {
  const router = useRouter();
  return <TakeCard take={take} titleAs="h1" defaultExpanded onDeleted={() => router.replace('/')} />;
}
