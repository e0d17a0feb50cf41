import Link from 'next/link';
import { EntityImage } from '@/components/entity/entity-image';
import { FocusImage } from '@/components/entity/focus-image';
import { TeamFlair } from '@/components/entity/team-flair';
import { ModerationNotice } from '@/components/moderation/moderation-notice-lazy';
import { ReceiptDue } from '@/components/receipts/receipt-due';
import { ReceiptPanel } from '@/components/receipts/receipt-panel-lazy';
import { Avatar } from '@/components/ui/avatar';
import { TimeAgo } from '@/components/ui/time-ago';
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import { entityHref } from '@/lib/league/entities';
import { NO_MARK, type Mark } from '@/lib/reactions/marks';
import type { TakeForViewer } from '@/lib/validation/moderation';
import { CallChip } from './call-chip';
import { CardFrame } from './card-frame';
import { TakeCardFooter } from './take-card-footer';
import { TakeOptions } from './take-options-lazy';
import styles from './take-card.module.css';

type TakeCardProps = {
  take: TakeForViewer;
  /** The reader's own reaction, favorite and receipt vote on it, as the server read them. */
  mark?: Mark;
  /** Where the take is the page (/takes/{id}): its title is the h1, its comments are open, and deleting it goes home. */
  isPage?: boolean;
};

/**
 * One take as every list and page shows it (docs/product.md#screens "Home feed and take
 * card"). No hooks and nothing server-only: a Server Component renders it to
 * HTML with the reader's marks, and only its interactive parts (options,
 * reactions, favorite, share, comments, receipts) hydrate. A list loaded in the
 * browser (Load More) renders the same component there.
 */
export function TakeCard({ take, mark = NO_MARK, isPage = false }: TakeCardProps) {
  const id = `take-${take._id}`;
  const Title = isPage ? 'h1' : 'h2';
  const { entity, createdBy: author } = take;
  const profileHref = author._id ? `/profile/${author._id}` : null;
  // A page of cards holds dozens of links: none is prefetched on sight, which on a phone would spend its data (and a
  // server render each) on pages most readers never open.
  const who = (
    <>
      <Avatar url={profileHref ? author.profilePictureUrl : null} size={36} />
      <span className={styles.username}>{author.username}</span>
      <TeamFlair flair={author.flair} />
    </>
  );

  return (
    <CardFrame className={styles.card} labelledBy={`${id}-title`}>
      <header className={styles.header}>
        {profileHref ? (
          <Link href={profileHref} className={styles.author} prefetch={false}>
            {who}
          </Link>
        ) : (
          <span className={styles.author}>{who}</span>
        )}
        <span className={styles.dot} aria-hidden="true">
          ·
        </span>
        <TimeAgo date={take.createdAt} className={styles.time} />
        <div className={styles.headerEnd}>
          <TakeOptions
            takeId={take._id}
            author={author}
            goHomeAfterDelete={isPage}
            callOpen={take.call !== null && take.call.result === null}
          />
        </div>
      </header>
      <div className={styles.entityRow}>
        <Link href={entityHref(entity.type, entity.id)} className={styles.entity} prefetch={false}>
          <FocusImage focus={entity} matchup={take.matchup} alt="" size={44} />
          <span className={styles.entityName}>{entity.name}</span>
        </Link>
        {/* A player's take keeps the team he was on when it was posted, whatever trades came after. */}
        {take.playerTeam && (
          <Link
            href={entityHref('team', take.playerTeam.id)}
            className={styles.entityTeam}
            prefetch={false}
            title={`${entity.name}'s team when this was posted`}
          >
            {take.playerTeam.name}
          </Link>
        )}
      </div>
      <Title id={`${id}-title`} className={styles.title}>
        <Link href={`/takes/${take._id}`} prefetch={false}>
          {take.title}
        </Link>
      </Title>
      {take.tagEntities.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {take.tagEntities.map((tag) => (
            <li key={`${tag.type}:${tag.id}`}>
              {tag.type === 'player' || tag.type === 'team' ? (
                <Link href={entityHref(tag.type, tag.id)} className={`${styles.tag} ${styles.tagLink}`} prefetch={false}>
                  {tag.name}
                </Link>
              ) : (
                <span className={styles.tag}>{tag.name}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.description}>{take.description.trim() || FALLBACK_LABELS.content}</p>
      {take.call && <CallChip call={take.call} />}
      {take.moderation ? (
        // Hidden: nothing can react to it or comment on it until it is restored, so only the notice follows.
        <ModerationNotice takeId={take._id} title={take.title} authorId={author._id} notice={take.moderation} />
      ) : (
        <>
          {take.receipt &&
            (take.receipt.status === 'pending' ? (
              <ReceiptDue dueAt={take.receipt.dueAt} />
            ) : (
              <ReceiptPanel takeId={take._id} authorId={author._id} receipt={take.receipt} initialVote={mark.vote} />
            ))}
          <TakeCardFooter
            takeId={take._id}
            counts={{ likes: take.likes, dislikes: take.dislikes, shares: take.shares }}
            commentsCount={take.commentsCount}
            mark={mark}
            commentsId={`${id}-comments`}
            commentsOpen={isPage}
            fanSplit={take.fanSplit && { teamName: take.fanSplit.teamName, fans: take.fanSplit.fans }}
            fanSplitImage={take.fanSplit && <EntityImage type="team" id={take.fanSplit.team} alt="" size={20} />}
          />
        </>
      )}
    </CardFrame>
  );
}
