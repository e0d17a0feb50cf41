'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useAuth } from './auth-provider';
import type { Reaction } from '@/lib/reactions/marks';
import type { ReceiptVote } from '@/lib/receipts/receipts';

/**
 * The signed-in user's taps this session, keyed by take or comment id (ids
 * never collide across collections). A cleared mark is kept as null/false
 * rather than deleted, so it still overrides what the page was rendered with.
 */
type Changes = {
  uid: string;
  reactions: ReadonlyMap<string, Reaction | null>;
  favorites: ReadonlyMap<string, boolean>;
  /** Receipt votes by take id. */
  votes: ReadonlyMap<string, ReceiptVote | null>;
};

/** Each read answers undefined when nothing was tapped here this session: the card then shows what it was rendered with. */
type MarksValue = {
  reactionOf(id: string): Reaction | null | undefined;
  isFavorited(takeId: string): boolean | undefined;
  receiptVoteOf(takeId: string): ReceiptVote | null | undefined;
  setReaction(id: string, reaction: Reaction | null): void;
  setFavorited(takeId: string, favorited: boolean): void;
  setReceiptVote(takeId: string, vote: ReceiptVote | null): void;
};

const MarksContext = createContext<MarksValue | null>(null);

const none = (uid: string): Changes => ({ uid, reactions: new Map(), favorites: new Map(), votes: new Map() });

/**
 * What the signed-in fan changed since the page was rendered. The page
 * carries their marks on what it shows (read on the server for those takes
 * only, app/_lib/viewer.ts); a tap is kept here so that every card showing the same
 * take agrees, and a page kept by the router since shows it too.
 */
export function MarksProvider({ children }: { children: React.ReactNode }) {
  const { status, user } = useAuth();
  const uid = status === 'signed-in' ? (user?.firebaseUID ?? null) : null;
  const [changes, setChanges] = useState<Changes | null>(null);

  // Changes of a previous account are ignored rather than cleared, so signing out needs no extra render.
  const current = changes && changes.uid === uid ? changes : null;

  const change = useCallback(
    (apply: (base: Changes) => Changes) => {
      if (!uid) return;
      setChanges((prev) => apply(prev && prev.uid === uid ? prev : none(uid)));
    },
    [uid],
  );

  const value = useMemo<MarksValue>(
    () => ({
      reactionOf: (id) => current?.reactions.get(id),
      isFavorited: (takeId) => current?.favorites.get(takeId),
      receiptVoteOf: (takeId) => current?.votes.get(takeId),
      setReaction: (id, reaction) => change((base) => ({ ...base, reactions: new Map(base.reactions).set(id, reaction) })),
      setFavorited: (takeId, favorited) => change((base) => ({ ...base, favorites: new Map(base.favorites).set(takeId, favorited) })),
      setReceiptVote: (takeId, vote) => change((base) => ({ ...base, votes: new Map(base.votes).set(takeId, vote) })),
    }),
    [current, change],
  );

  return <MarksContext.Provider value={value}>{children}</MarksContext.Provider>;
}

export function useMarks(): MarksValue {
  const value = useContext(MarksContext);
  if (!value) throw new Error('useMarks must be used inside <MarksProvider>');
  return value;
}
