'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { CommentsSection } from '@/components/comments/comments-section';
import { EntityImage } from '@/components/entity/entity-image';
import { ModerationNotice } from '@/components/moderation/moderation-notice';
import { ReceiptPanel } from '@/components/receipts/receipt-panel';
import { FALLBACK_LABELS } from '@/lib/constants';
import type { TakeDTO } from '@/lib/data/mappers';
import { entityHref } from '@/lib/entities';
import { TakeCardFooter } from './take-card-footer';
import { TakeCardHeader } from './take-card-header';
import styles from './take-card.module.css';

type TakeCardProps = {
  take: TakeDTO;
  /** h1 where the take is the page (/takes/{id}); h2 in lists. */
  titleAs?: 'h1' | 'h2';
  /** Opens the comments at once, as on the take's own page. */
  defaultExpanded?: boolean;
  /** After the author deletes it; by default the card simply disappears. */
  onDeleted?(): void;
};

/** One take as every list and page shows it (spec §2 "Home feed and take card"). */
export function TakeCard({ take, titleAs: Title = 'h2', defaultExpanded = false, onDeleted }: TakeCardProps) {
  const id = useId();
  const [deleted, setDeleted] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(defaultExpanded);
  const [commentsCount, setCommentsCount] = useState(take.commentsCount);

  if (deleted) return null;
  const { entity } = take;
  const focusHref = entityHref(entity.type, entity.id);

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <TakeCardHeader
        take={take}
        onDeleted={() => {
          setDeleted(true);
          onDeleted?.();
        }}
      />
      <Link href={focusHref} className={styles.entity}>
        <EntityImage type={entity.type} id={entity.id} alt="" size={44} />
        <span className={styles.entityName}>{entity.name}</span>
      </Link>
      <Title id={`${id}-title`} className={styles.title}>
        <Link href={`/takes/${take._id}`}>{take.title}</Link>
      </Title>
      {take.tagEntities.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {take.tagEntities.map((tag) => (
            <li key={`${tag.type}:${tag.id}`}>
              {tag.type === 'player' || tag.type === 'team' ? (
                <Link href={entityHref(tag.type, tag.id)} className={`${styles.tag} ${styles.tagLink}`}>
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
      {take.moderation ? (
        // Hidden: nothing can react to it or comment on it until it is restored, so only the notice follows.
        <ModerationNotice takeId={take._id} title={take.title} authorId={take.createdBy._id} notice={take.moderation} />
      ) : (
        <>
          {take.receipt && <ReceiptPanel takeId={take._id} authorId={take.createdBy._id} receipt={take.receipt} />}
          <TakeCardFooter
            take={take}
            commentsCount={commentsCount}
            commentsOpen={commentsOpen}
            commentsId={`${id}-comments`}
            onToggleComments={() => setCommentsOpen((open) => !open)}
          />
          {commentsOpen && (
            <CommentsSection id={`${id}-comments`} takeId={take._id} onCommentAdded={() => setCommentsCount((n) => n + 1)} />
          )}
        </>
      )}
    </article>
  );
}
