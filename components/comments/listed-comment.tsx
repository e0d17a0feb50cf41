'use client';

import dynamic from 'next/dynamic';
import { isWholeComment } from '@/lib/filters/listed';
import type { CommentDTO, ListedComment } from '@/lib/validation/comments';

// Most readers have no comment collapsed: the collapsed view's code comes with a thread that has one.
const CollapsedCommentCard = dynamic(() => import('./collapsed-comment').then((m) => m.CollapsedCommentCard));

type ListedCommentViewProps = {
  comment: ListedComment;
  /** The comment shown whole, as it was sent or once "show" has read it. */
  render(comment: CommentDTO): React.ReactNode;
  /** What goes under a collapsed comment: its replies stay reachable, each judged on its own. */
  children?: React.ReactNode;
};

/** A comment or reply as the reader's filters sent it (docs/product.md#filters): whole, or collapsed behind its reason. */
export function ListedCommentView({ comment, render, children }: ListedCommentViewProps) {
  if (isWholeComment(comment)) return render(comment);
  return (
    <CollapsedCommentCard comment={comment} render={render}>
      {children}
    </CollapsedCommentCard>
  );
}
