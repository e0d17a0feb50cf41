import { notFound } from 'next/navigation';
import { findProfile } from '@/lib/data/people/profile-lookup';

/** Answers an unknown user with a real 404 status, decided before anything of the page streams. */
export default async function ProfileLayout({ children, params }: { children: React.ReactNode; params: Promise<{ userID: string }> }) {
  const { userID } = await params;
  if ((await findProfile(userID)) === null) notFound();
  return children;
}
