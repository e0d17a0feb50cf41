import { notFound } from 'next/navigation';
import { findProfile } from '@/lib/data/people/profile-lookup';

/** Answers an unknown user with a real 404 before the page streams behind its loading.tsx. */
export default async function ProfileLayout({ children, params }: { children: React.ReactNode; params: Promise<{ userID: string }> }) {
  const { userID } = await params;
  if ((await findProfile(userID)) === null) notFound();
  return children;
}
