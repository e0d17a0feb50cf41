'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { apiFetch, isAbortError } from '@/lib/client/api';
import type { ReceiptVote } from '@/lib/receipts';

export type Reaction = 'like' | 'dislike';

type ActionRecord = { actionType: 'like' | 'dislike' | 'favorite' | 'share'; postID?: string; commentID?: string };
type VoteRecord = { postID: string; vote: ReceiptVote };

/**
 * The signed-in user's own marks, keyed by take or comment id (ids never
 * collide across collections). A cleared mark is kept as null/false rather than
 * deleted, so a change made before the list arrives can be laid over it.
 */
type Marks = {
  uid: string;
  reactions: ReadonlyMap<string, Reaction | null>;
  favorites: ReadonlyMap<string, boolean>;
  /** Receipt votes by take id. */
  votes: ReadonlyMap<string, ReceiptVote | null>;
};

type UserActionsValue = {
  reactionOf(id: string): Reaction | null;
  isFavorited(takeId: string): boolean;
  receiptVoteOf(takeId: string): ReceiptVote | null;
  setReaction(id: string, reaction: Reaction | null): void;
  setFavorited(takeId: string, favorited: boolean): void;
  setReceiptVote(takeId: string, vote: ReceiptVote | null): void;
};

const UserActionsContext = createContext<UserActionsValue | null>(null);

function toMarks(uid: string, records: ActionRecord[], voteRecords: VoteRecord[] = []): Marks {
  const reactions = new Map<string, Reaction>();
  const favorites = new Map<string, boolean>();
  for (const record of records) {
    const id = record.postID ?? record.commentID;
    if (!id) continue;
    if (record.actionType === 'like' || record.actionType === 'dislike') reactions.set(id, record.actionType);
    else if (record.actionType === 'favorite') favorites.set(id, true);
  }
  const votes = new Map(voteRecords.map((v) => [v.postID, v.vote] as const));
  return { uid, reactions, favorites, votes };
}

/** The loaded list with the taps made while it was on its way laid over it. */
function withLocalChanges(loaded: Marks, local: Marks | null): Marks {
  if (!local || local.uid !== loaded.uid) return loaded;
  return {
    uid: loaded.uid,
    reactions: new Map([...loaded.reactions, ...local.reactions]),
    favorites: new Map([...loaded.favorites, ...local.favorites]),
    votes: new Map([...loaded.votes, ...local.votes]),
  };
}

/**
 * Which takes and comments the signed-in user liked, disliked or favorited, and
 * how they voted on receipts, loaded once per signed-in session (not once per
 * card) and updated locally as they act, so every card showing the same take agrees.
 */
export function UserActionsProvider({ children }: { children: React.ReactNode }) {
  const { status, firebaseUser, getToken } = useAuth();
  const uid = status === 'signed-in' ? (firebaseUser?.uid ?? null) : null;
  const [marks, setMarks] = useState<Marks | null>(null);

  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    (async () => {
      const token = await getToken();
      if (!token) return;
      const path = encodeURIComponent(uid);
      const [records, votes] = await Promise.all([
        apiFetch<ActionRecord[]>(`/api/user-action/${path}`, { token, signal: controller.signal }),
        // Receipt votes matter on few cards: without them the reactions still load.
        apiFetch<VoteRecord[]>(`/api/receipts/votes/${path}`, { token, signal: controller.signal }).catch((error: unknown) => {
          if (!isAbortError(error)) console.error('Could not load your receipt votes', error);
          return [];
        }),
      ]);
      setMarks((local) => withLocalChanges(toMarks(uid, records, votes), local));
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load your reactions', error);
    });
    return () => controller.abort();
  }, [uid, getToken]);

  // Marks of a previous account are ignored rather than cleared, so signing out needs no extra render.
  const current = marks && marks.uid === uid ? marks : null;

  const setReaction = useCallback(
    (id: string, reaction: Reaction | null) => {
      if (!uid) return;
      setMarks((prev) => {
        const base = prev && prev.uid === uid ? prev : toMarks(uid, []);
        return { ...base, reactions: new Map(base.reactions).set(id, reaction) };
      });
    },
    [uid],
  );

  const setFavorited = useCallback(
    (takeId: string, favorited: boolean) => {
      if (!uid) return;
      setMarks((prev) => {
        const base = prev && prev.uid === uid ? prev : toMarks(uid, []);
        return { ...base, favorites: new Map(base.favorites).set(takeId, favorited) };
      });
    },
    [uid],
  );

  const setReceiptVote = useCallback(
    (takeId: string, vote: ReceiptVote | null) => {
      if (!uid) return;
      setMarks((prev) => {
        const base = prev && prev.uid === uid ? prev : toMarks(uid, []);
        return { ...base, votes: new Map(base.votes).set(takeId, vote) };
      });
    },
    [uid],
  );

  const value = useMemo<UserActionsValue>(
    () => ({
      reactionOf: (id) => current?.reactions.get(id) ?? null,
      isFavorited: (takeId) => current?.favorites.get(takeId) ?? false,
      receiptVoteOf: (takeId) => current?.votes.get(takeId) ?? null,
      setReaction,
      setFavorited,
      setReceiptVote,
    }),
    [current, setReaction, setFavorited, setReceiptVote],
  );

  return <UserActionsContext.Provider value={value}>{children}</UserActionsContext.Provider>;
}

export function useUserActions(): UserActionsValue {
  const value = useContext(UserActionsContext);
  if (!value) throw new Error('useUserActions must be used inside <UserActionsProvider>');
  return value;
}
