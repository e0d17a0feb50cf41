import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { hrefWith, pageParam, readParam, type SearchParams } from '@/components/filters/query';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { findProfile } from '@/components/profile/find-profile';
import { ProfileSocial } from '@/components/profile/profile-social';
import { TakeList } from '@/components/take-card/take-list';
import { Avatar } from '@/components/ui/avatar';
import { FEED_PAGE_SIZE, PROFILE_PICTURE_PX } from '@/lib/constants';
import { listUserTakes } from '@/lib/data/takes';
import { NOT_FOUND_METADATA, pageMetadata } from '@/lib/seo';
import styles from './page.module.css';

type Props = { params: Promise<{ userID: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { userID } = await params;
  const profile = await findProfile(userID);
  if (!profile) return NOT_FOUND_METADATA;
  const name = profile.username || 'User Profile';
  return pageMetadata({
    title: name,
    description: `${name} on Takes: ${profile.postsCount} NBA takes, ${profile.followersCount} followers.`,
    path: `/profile/${profile._id}`,
    image: `/og/profile/${profile._id}`,
    imageAlt: `${name} on Takes`,
    type: 'profile',
  });
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { userID } = await params;
  const page = readParam(pageParam, await searchParams, 'page');
  const profile = await findProfile(userID);
  if (!profile) notFound();

  return (
    <main className="page">
      <header className={styles.header}>
        <Avatar url={profile.profilePictureUrl} size={PROFILE_PICTURE_PX} className={styles.picture} />
        <h1 className={styles.name}>{profile.username || 'User Profile'}</h1>
        <ProfileSocial
          userId={profile._id}
          firebaseUID={profile.firebaseUID}
          followersCount={profile.followersCount}
          followingCount={profile.followingCount}
          postsCount={profile.postsCount}
        />
      </header>
      <section aria-labelledby="profile-posts">
        <h2 id="profile-posts" className={styles.sectionTitle}>
          Posts
        </h2>
        <Suspense fallback={<p className={styles.status} role="status">Loading posts...</p>}>
          <ProfilePosts userId={profile._id} page={page} />
        </Suspense>
      </section>
    </main>
  );
}

async function ProfilePosts({ userId, page }: { userId: string; page: number }) {
  const limit = page * FEED_PAGE_SIZE;
  const rows = await listUserTakes(userId, { skip: 0, limit: limit + 1 }).catch((error: unknown) => {
    // Spec §8: a failed list is logged and shown empty.
    console.error('Profile posts failed', { userId, error });
    return [];
  });
  return (
    <>
      <TakeList takes={rows.slice(0, limit)} emptyText="No posts yet" />
      {rows.length > limit && <LoadMoreLink href={hrefWith(`/profile/${userId}`, {}, { page: page + 1 })} />}
    </>
  );
}
