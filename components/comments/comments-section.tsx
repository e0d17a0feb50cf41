'use client';

import { startTransition, useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { useAuthPrompt } from '@/components/modals/auth-prompt';
import { useRevealedThread } from '@/components/shared/revealed-thread';
import { useMarksLoader } from '@/components/shared/use-marks-loader';
import { isAbortError } from '@/lib/client/api';
import { toastIfRateLimited } from '@/lib/client/rate-limit-toast';
import { mergeMarks, type Marks } from '@/lib/reactions/marks';
import type { CommentSort } from '@/lib/discovery/sorts';
import type { CommentDTO, CommentsPage, ListedComment } from '@/lib/validation/comments';
import { CommentForm } from './comment-form';
import { CommentSortControl } from './comment-sort';
import {
  addCommentError,
  fetchComments,
  FIRST_PAGE,
  nextPageOf,
  type PageStart,
  postComment,
  type ReplyTarget,
} from '@/lib/client/comments';
import styles from './comments.module.css';

type CommentsSectionProps = {
  id: string;
  takeId: string;
  onCommentAdded(): void;
  onCommentDeleted(): void;
  /** Comments others posted since the list was read (lib/client/live.ts), shown when the reader asks. */
  newComments?: number;
  onShowNew?(): void;
};

type Thread = (typeof import('./comment-thread'))['CommentThread'];

let threadCode: Promise<Thread> | null = null;
/**
 * The threads' code, fetched beside the first page of comments rather than with the page: the server renders no
 * comment (they are read in the browser, for the reader's filters), so a take's page, whose comments are open at
 * once, does not wait for code it cannot use yet. A failed download is tried again on the next call.
 */
const loadThreadCode = () =>
  (threadCode ??= import('./comment-thread').then(
    (m) => m.CommentThread,
    (error: unknown) => {
      threadCode = null;
      throw error;
    },
  ));

/** `next`: where the next page starts, null when everything is shown. */
type Loaded = { comments: ListedComment[]; total: number; next: PageStart | null; marks: Marks | null };

/** A take's comments: newest first, 15 at a time, an add box on top and one reply box open at most. */
export function CommentsSection({ id, takeId, onCommentAdded, onCommentDeleted, newComments = 0, onShowNew }: CommentsSectionProps) {
  const { status, getToken } = useAuth();
  const { openAuthPrompt } = useAuthPrompt();
  const loadMarks = useMarksLoader();
  // A take the reader asked to see shows its thread uncollapsed too.
  const reveal = useRevealedThread();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [replyTarget, setReplyTarget] = useState<ReplyTarget | null>(null);
  const [sort, setSort] = useState<CommentSort>('new');
  const [CommentThread, setCommentThread] = useState<Thread | null>(null);

  /** A page with the reader's marks on it, so its reactions show as they are when it appears. */
  const withMarks = useCallback(
    async (page: CommentsPage, signal?: AbortSignal) => ({
      page,
      marks: await loadMarks(
        page.comments.map((c) => c._id),
        signal,
      ),
    }),
    [loadMarks],
  );

  const showFirstPage = useCallback(async ({ page, marks }: { page: CommentsPage; marks: Marks | null }) => {
    const thread = await loadThreadCode();
    // A page of comments is a lot of elements at once: rendered in a transition, it yields to taps and scrolling.
    startTransition(() => {
      setCommentThread(() => thread);
      setLoaded({ comments: page.comments, total: page.totalComments, next: nextPageOf(page), marks });
      setFailed(false);
    });
  }, []);

  /** The signed-in fan's token, so the server leaves out those they have muted or blocked; none for a visitor. */
  const viewerToken = useCallback(() => (status === 'signed-in' ? getToken() : Promise.resolve(null)), [status, getToken]);

  const loadFailed = useCallback((error: unknown) => {
    if (isAbortError(error)) return;
    console.error('Could not load comments', error);
    setFailed(true);
  }, []);

  useEffect(() => {
    // Who is reading decides what is shown, so the list waits for the sign-in check.
    if (status === 'loading') return;
    // Asked for now so it downloads beside the comments; showFirstPage waits for it (and reports a failure).
    loadThreadCode().catch(() => undefined);
    const controller = new AbortController();
    viewerToken()
      .then((token) => fetchComments(takeId, FIRST_PAGE, { signal: controller.signal, sort, token, reveal }))
      .then((page) => withMarks(page, controller.signal))
      .then(showFirstPage, loadFailed);
    return () => controller.abort();
  }, [takeId, sort, reveal, status, viewerToken, withMarks, showFirstPage, loadFailed]);

  /** docs/product.md#interactions: after a comment is added the list is read again from the top (as after a mute or block). */
  const reload = () =>
    viewerToken()
      .then((token) => fetchComments(takeId, FIRST_PAGE, { sort, token, reveal }))
      .then((page) => withMarks(page))
      .then(showFirstPage, loadFailed);

  const loadMore = async () => {
    if (!loaded || loaded.next === null) return;
    setLoadingMore(true);
    try {
      const { page, marks } = await withMarks(await fetchComments(takeId, loaded.next, { sort, token: await viewerToken(), reveal }));
      // A comment posted meanwhile shifts the pages by one; skip what is already shown.
      const seen = new Set(loaded.comments.map((c) => c._id));
      setLoaded({
        comments: [...loaded.comments, ...page.comments.filter((c) => !seen.has(c._id))],
        total: page.totalComments,
        next: nextPageOf(page),
        marks: mergeMarks(loaded.marks, marks),
      });
    } catch (error) {
      console.error('Could not load more comments', error);
    } finally {
      setLoadingMore(false);
    }
  };

  /** A token, or null after inviting the visitor to sign up (docs/product.md#validation). */
  const tokenOrPrompt = async () => {
    const token = status === 'signed-in' ? await getToken() : null;
    if (!token) openAuthPrompt('default');
    return token;
  };

  const addComment = async (text: string) => {
    setAddError(null);
    const token = await tokenOrPrompt();
    if (!token) return false;
    try {
      await postComment({ text, postID: takeId }, token);
    } catch (error) {
      setAddError(addCommentError(error));
      return false;
    }
    onCommentAdded();
    await reload();
    return true;
  };

  const sendReply = async (target: ReplyTarget, text: string) => {
    const token = await tokenOrPrompt();
    if (!token) return false;
    try {
      await postComment({ text, postID: takeId, parentComment: target.threadId, taggedUser: target.user._id || undefined }, token);
    } catch (error) {
      if (!toastIfRateLimited(error)) console.error('Could not add the reply', error);
      return false;
    }
    setReplyTarget(null);
    onCommentAdded();
    return true;
  };

  /** A top-level comment deleted: its placeholder takes its place, or it leaves the list. */
  const threadDeleted = (id: string, placeholder: CommentDTO | null) => {
    // A placeholder leaving (its last reply deleted) was no longer counted.
    if (loaded?.comments.some((c) => c._id === id && !('deleted' in c && c.deleted))) onCommentDeleted();
    setLoaded(
      (current) =>
        current && {
          comments: placeholder
            ? current.comments.map((c) => (c._id === id ? placeholder : c))
            : current.comments.filter((c) => c._id !== id),
          total: placeholder ? current.total : current.total - 1,
          // One fewer before the next page: it starts one earlier (its cursor still points past the last shown).
          next: placeholder || current.next === null ? current.next : { ...current.next, skip: current.next.skip - 1 },
          marks: current.marks,
        },
    );
  };

  /** Newest first, where the new ones are. */
  const showNew = () => {
    onShowNew?.();
    if (sort === 'new') void reload();
    else setSort('new');
  };

  const openReply = (target: ReplyTarget | null) => {
    if (target && status !== 'signed-in') {
      openAuthPrompt('default');
      return;
    }
    setReplyTarget(target);
  };

  return (
    <section id={id} className={styles.section} aria-label="Comments">
      <CommentForm label="Add a comment" placeholder="Add a comment..." submitLabel="Post" onSubmit={addComment} error={addError} />
      {!loaded && !failed && <p className={styles.note}>Loading comments...</p>}
      {failed && <p className={styles.note}>Error loading comments.</p>}
      {loaded && loaded.total > 1 && <CommentSortControl value={sort} onChange={setSort} />}
      {/* A slot of no height: the button floats over the comments rather than pushing them down under the reader. */}
      <div className={styles.newSlot}>
        {loaded && newComments > 0 && (
          <button type="button" className={`button button-primary ${styles.newButton}`} onClick={showNew}>
            Show {newComments} new {newComments === 1 ? 'comment' : 'comments'}
          </button>
        )}
      </div>
      {loaded && loaded.comments.length === 0 && <p className={styles.note}>No comments yet. Be the first!</p>}
      {loaded && loaded.comments.length > 0 && CommentThread && (
        <ul className={styles.list}>
          {loaded.comments.map((comment) => (
            <CommentThread
              key={comment._id}
              comment={comment}
              marks={loaded.marks}
              replyTarget={replyTarget}
              onReply={openReply}
              sendReply={sendReply}
              onDeleted={(placeholder) => threadDeleted(comment._id, placeholder)}
              onReplyDeleted={onCommentDeleted}
              onRestricted={() => void reload()}
            />
          ))}
        </ul>
      )}
      {loaded && loaded.next !== null && (
        <button type="button" className={`button button-secondary ${styles.more}`} onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load More Comments'}
        </button>
      )}
    </section>
  );
}
