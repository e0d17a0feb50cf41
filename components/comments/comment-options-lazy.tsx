'use client';

import { lazy } from 'react';
import { OptionsOnDemand } from '@/components/take-card/options-trigger';
import type { CommentOptionsProps } from './comment-options';
import styles from './comments.module.css';

// Loaded when a comment's ⋯ is first pressed (components/take-card/options-trigger.tsx).
const Menu = lazy(() => import('./comment-options').then((m) => ({ default: m.CommentOptions })));

/** A comment's ⋯ menu (./comment-options.tsx), its code loaded on the first press. */
export function CommentOptions(props: CommentOptionsProps) {
  const label = `${props.comment.parentComment ? 'Reply' : 'Comment'} options`;
  return <OptionsOnDemand label={label} className={styles.options} menu={() => <Menu {...props} initiallyOpen />} />;
}
