'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/ui/logo';
import { ApiError, isAbortError } from '@/lib/client/api';
import { getTopComment } from '@/lib/client/comments';
import { getTake } from '@/lib/client/takes';
import { FALLBACK_LABELS } from '@/lib/format/fallback-labels';
import { entityImageUrl, pictureOf } from '@/lib/league/entities';
import { likePercentage } from '@/lib/discovery/ranking';
import type { CommentDTO } from '@/lib/validation/comments';
import type { TakeDTO } from '@/lib/validation/takes';
import styles from './shareable-post.module.css';

type ShareablePostProps = { takeId: string; entityName?: string; entityImage?: string };

type State =
  { status: 'loading' } | { status: 'found'; take: TakeDTO; topComment: CommentDTO | null } | { status: 'missing' } | { status: 'failed' };

async function loadTopComment(takeId: string, signal: AbortSignal): Promise<CommentDTO | null> {
  try {
    return await getTopComment(takeId, signal);
  } catch {
    // The poster reads well without it ("Be the first to comment!").
    return null;
  }
}

/** A take laid out as a poster to share (docs/product.md#screens): Loading..., then the take, or Take not found. */
export function ShareablePost({ takeId, entityName, entityImage }: ShareablePostProps) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getTake(takeId, controller.signal), loadTopComment(takeId, controller.signal)])
      .then(([take, topComment]) => setState({ status: 'found', take, topComment }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        // A malformed id (400) is as missing as an unknown one (404).
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        if (!missing) console.error('Could not load the take', error);
        setState({ status: missing ? 'missing' : 'failed' });
      });
    return () => controller.abort();
  }, [takeId]);

  if (state.status !== 'found') {
    const text = state.status === 'loading' ? 'Loading...' : state.status === 'missing' ? 'Take not found.' : 'Error fetching data.';
    return (
      <main className={styles.page}>
        <p className={styles.message} role={state.status === 'loading' ? 'status' : 'alert'}>
          {text}
        </p>
      </main>
    );
  }

  const { take, topComment } = state;
  const name = entityName ?? take.entity.name;
  const picture = pictureOf(take.entity, take.matchup);
  const image = entityImage ?? entityImageUrl(picture.type, picture.id);
  const pct = likePercentage(take.likes, take.dislikes);
  return (
    <main className={styles.page}>
      <article className={styles.poster} aria-labelledby="shareable-title">
        <Logo large />
        <div className={styles.entity}>
          <Image
            src={image}
            alt=""
            width={120}
            height={120}
            sizes="120px"
            unoptimized={image.endsWith('.svg') || !image.startsWith('/')}
            className={styles.image}
            preload
          />
          <p className={styles.entityName}>{name}</p>
        </div>
        <h1 id="shareable-title" className={styles.title}>
          {take.title}
        </h1>
        <p className={styles.description}>{take.description.trim() || FALLBACK_LABELS.content}</p>
        <p className={styles.byline}>
          by <strong>{take.createdBy.username}</strong>
          {pct !== null && <> · {pct}% like it</>}
        </p>
        <blockquote className={styles.comment}>
          {topComment ? (
            <>
              <p>{topComment.text.trim() || FALLBACK_LABELS.content}</p>
              <footer>— {topComment.user.username}</footer>
            </>
          ) : (
            <p>Be the first to comment!</p>
          )}
        </blockquote>
        <p className={styles.join}>
          Join the conversation at <Link href={`/takes/${take._id}`}>Takes</Link>
        </p>
      </article>
    </main>
  );
}
