import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { TeamFlair } from '@/components/entity/team-flair';
import { hrefWith } from '@/components/shared/filter-href';
import { pageParam, queryOf, readParam, type SearchParams } from '@/components/shared/filter-query';
import { CallRecord, RecordMessage } from '@/components/profile/call-record';
import { callRecordOf } from '@/lib/data/calls/call-record';
import { RECORD_PAGE_SIZE } from '@/lib/calls/constants';
import { recordQuery } from '@/lib/validation/calls';
import { LoadMoreLink } from '@/components/filters/load-more-link';
import { findProfile } from '@/lib/data/people/profile-lookup';
import { ProfileSocial } from '@/components/profile/profile-social';
import { CallerRecord, ScoredCalls } from '@/components/profile/caller-record';
import { ReceiptRecord } from '@/components/profile/receipt-record';
import { TakeList } from '@/components/take-card/take-list';
import { Avatar } from '@/components/ui/avatar';
import { now } from '@/lib/clock';
import { FEED_PAGE_SIZE, PROFILE_PICTURE_PX } from '@/lib/constants';
import { relationTo } from '@/lib/data/visibility/block-facts';
import { listScoredCalls, profileStandings } from '@/lib/data/callers/caller-boards';
import { getTeam } from '@/lib/data/discovery/entities';
import { listResolvedReceipts, receiptRecord } from '@/lib/data/receipts/receipts';
import { listUserTakes } from '@/lib/data/takes/takes';
import { isFollowing } from '@/lib/data/people/users';
import { entityHref } from '@/lib/league/entities';
import { NOT_FOUND_METADATA, pageMetadata } from '@/lib/site/seo';
import type { TakeDTO } from '@/lib/validation/takes';
import { getViewer, viewerMarks, viewerReader, viewerTop } from '@/app/_lib/viewer';
import styles from './page.module.css';
import recordStyles from '@/components/profile/receipt-record.module.css';
import { SegmentedLinks } from '@/components/ui/segmented-links';

/**
 * The list under the profile: its takes, its resolved receipts (`?tab=receipts`), its scored calls for Callers
 * (`?tab=calls`) or its record of structured calls (`?tab=record`, docs/product.md#calls).
 */
const tabParam = z.enum(['posts', 'receipts', 'calls', 'record']).default('posts');
type Tab = z.infer<typeof tabParam>;

type Props = { params: Promise<{ userID: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { userID } = await params;
  const profile = await findProfile(userID);
  if (!profile) return NOT_FOUND_METADATA;
  const name = profile.username || 'User Profile';
  // The Record tab shares as its own card: the fan's settled calls (docs/product.md#calls).
  if (readParam(tabParam, await searchParams, 'tab') === 'record') {
    return pageMetadata({
      title: `${name}'s record`,
      description: `${name}'s calls on Takes: hits, misses and how they did against the crowd.`,
      path: `/profile/${profile._id}?tab=record`,
      image: `/og/record/${profile._id}`,
      imageAlt: `${name}'s record of calls on Takes`,
      type: 'profile',
    });
  }
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
  const query = await searchParams;
  const page = readParam(pageParam, query, 'page');
  const tab = readParam(tabParam, query, 'tab');
  const [profile, viewer] = await Promise.all([findProfile(userID), getViewer()]);
  if (!profile) notFound();
  const at = await now();
  const viewerId = viewer && viewer.user._id !== profile._id ? viewer.user._id : null;
  const [record, standings, team, following, relation] = await Promise.all([
    receiptRecord(profile._id, at).catch((error: unknown) => {
      console.error('Receipts record failed', { userID, error });
      return null;
    }),
    profileStandings(profile._id, at).catch((error: unknown) => {
      console.error('Caller standings failed', { userID, error });
      return null;
    }),
    // A fan who turned their badge off shows no team on their profile either (docs/product.md#game-day).
    profile.flair ? getTeam(profile.flair.team).catch(() => null) : null,
    viewerId ? isFollowing(viewerId, profile._id) : false,
    viewerId ? relationTo(viewerId, profile._id) : { blocking: false, muting: false },
  ]);
  const hasReceipts = record !== null && record.calledIt + record.agedWell + record.agedPoorly + record.pending > 0;
  // All time holds every scored call, so a fan with none there has nothing to show yet.
  const hasCalls = standings !== null && standings.some((s) => s.board === 'all' && s.scored + s.record.close > 0);
  const tabHref = (to: Tab) => hrefWith(`/profile/${profile._id}`, {}, to === 'posts' ? {} : { tab: to });

  return (
    <main className="page">
      <header className={styles.header}>
        <Avatar url={profile.profilePictureUrl} size={PROFILE_PICTURE_PX} className={styles.picture} />
        <h1 className={styles.name}>
          {profile.username || 'User Profile'} <TeamFlair flair={profile.flair} size={24} />
        </h1>
        {team && (
          <p className={recordStyles.team}>
            <span>
              <Link href={entityHref('team', team.id)}>{team.name}</Link> fan
            </span>
          </p>
        )}
        <ProfileSocial
          userId={profile._id}
          firebaseUID={profile.firebaseUID}
          username={profile.username}
          rendered={{
            followersCount: profile.followersCount,
            followingCount: profile.followingCount,
            postsCount: profile.postsCount,
            isFollowing: following,
            ...relation,
          }}
          renderedFor={viewer?.user._id ?? null}
        />
      </header>
      {hasReceipts && <ReceiptRecord record={record} />}
      {hasCalls && <CallerRecord standings={standings} />}
      <SegmentedLinks
        label="Profile lists"
        current={tab}
        segments={[
          { id: 'posts', label: 'Posts', href: tabHref('posts') },
          { id: 'receipts', label: 'Receipts', href: tabHref('receipts') },
          { id: 'calls', label: 'Calls', href: tabHref('calls') },
          { id: 'record', label: 'Record', href: tabHref('record') },
        ]}
      />
      <section aria-labelledby="profile-list">
        <h2 id="profile-list" className="visually-hidden">
          {{ posts: 'Posts', receipts: 'Receipts', calls: 'Calls', record: 'Record' }[tab]}
        </h2>
        {/* In the first paint, not streamed in after it: the list is most of what a phone shows. */}
        {tab === 'posts' ? (
          <ProfilePosts userId={profile._id} page={page} />
        ) : tab === 'receipts' ? (
          <ProfileReceipts userId={profile._id} page={page} now={at} />
        ) : tab === 'calls' ? (
          <ProfileCalls userId={profile._id} page={page} />
        ) : (
          <ProfileRecord userId={profile._id} page={page} query={query} now={at} />
        )}
      </section>
    </main>
  );
}

/** Resolved receipts, most recently due first: what the record counts, take by take. */
async function ProfileReceipts({ userId, page, now: at }: { userId: string; page: number; now: Date }) {
  const { takes, hasMore } = await viewerTop(page * FEED_PAGE_SIZE, async (limit) => {
    const rows: TakeDTO[] = await listResolvedReceipts(userId, { skip: 0, limit, now: at }).catch((error: unknown) => {
      console.error('Profile receipts failed', { userId, error });
      return [];
    });
    return { takes: rows, full: rows.length === limit };
  });
  const marks = await viewerMarks(takes);
  return (
    <>
      <TakeList takes={takes} marks={marks} emptyText="No resolved receipts yet" />
      {hasMore && <LoadMoreLink href={hrefWith(`/profile/${userId}`, { tab: 'receipts' }, { page: page + 1 })} />}
    </>
  );
}

/**
 * The record of structured calls: its numbers, chart and calls as the reader's spoiler shield lets them see them, up to
 * the page asked. A reader who does not see this fan's takes does not see their calls either.
 */
async function ProfileRecord({ userId, page, query, now: at }: { userId: string; page: number; query: SearchParams; now: Date }) {
  const parsed = recordQuery.safeParse({ team: query.team, player: query.player, bin: query.bin });
  const filter = parsed.success ? parsed.data : {};
  const reader = await viewerReader();
  if (reader.filters.hiddenAuthors.has(userId)) return <RecordMessage text="No calls yet" />;
  const limit = page * RECORD_PAGE_SIZE;
  const record = await callRecordOf(
    userId,
    { team: filter.team, player: filter.player, bin: filter.bin },
    { shielded: reader.filters.shielded.map((g) => g.game), now: at, limit },
  ).catch((error: unknown) => {
    console.error('Profile record failed', { userId, error });
    return null;
  });
  if (!record) return <RecordMessage text="Error fetching data." />;
  return (
    <CallRecord
      record={record}
      path={`/profile/${userId}`}
      query={queryOf({ tab: 'record', team: filter.team, player: filter.player, bin: filter.bin }, {})}
      hasMore={record.nextCursor !== null}
      page={page}
    />
  );
}

/** Scored calls, most recently due first: what the caller rating is made of, each linking to its take. */
async function ProfileCalls({ userId, page }: { userId: string; page: number }) {
  const limit = page * FEED_PAGE_SIZE;
  const [rows, reader] = await Promise.all([
    listScoredCalls(userId, { skip: 0, limit: limit + 1 }).catch((error: unknown) => {
      console.error('Profile calls failed', { userId, error });
      return [];
    }),
    viewerReader(),
  ]);
  // The calls are the author's takes: a reader who does not see this fan's takes does not see them here either.
  const calls = reader.filters.hiddenAuthors.has(userId) ? [] : rows.slice(0, limit);
  return (
    <>
      <ScoredCalls calls={calls} />
      {calls.length > 0 && rows.length > limit && (
        <LoadMoreLink href={hrefWith(`/profile/${userId}`, { tab: 'calls' }, { page: page + 1 })} />
      )}
    </>
  );
}

async function ProfilePosts({ userId, page }: { userId: string; page: number }) {
  const { takes, hasMore } = await viewerTop(page * FEED_PAGE_SIZE, async (limit) => {
    const { takes: rows, listed } = await listUserTakes(userId, { skip: 0, limit }).catch((error: unknown) => {
      // docs/product.md#messages: a failed list is logged and shown empty.
      console.error('Profile posts failed', { userId, error });
      return { takes: [], listed: [] };
    });
    return { takes: rows, full: listed.length === limit };
  });
  const marks = await viewerMarks(takes);
  return (
    <>
      <TakeList takes={takes} marks={marks} emptyText="No posts yet" />
      {hasMore && <LoadMoreLink href={hrefWith(`/profile/${userId}`, {}, { page: page + 1 })} />}
    </>
  );
}
