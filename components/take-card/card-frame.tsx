'use client';

import { createContext, useContext, useMemo, useState } from 'react';

const CardContext = createContext<{ remove(): void } | null>(null);

/** Lets a card's options take the card off the page once its author has deleted it. */
export function useRemoveCard(): () => void {
  const card = useContext(CardContext);
  if (!card) throw new Error('useRemoveCard must be used inside <CardFrame>');
  return card.remove;
}

/** A take card's article: the server renders its content, this only hides it after a delete. */
export function CardFrame({ className, labelledBy, children }: { className?: string; labelledBy: string; children: React.ReactNode }) {
  const [removed, setRemoved] = useState(false);
  const value = useMemo(() => ({ remove: () => setRemoved(true) }), []);
  if (removed) return null;
  return (
    <CardContext.Provider value={value}>
      <article className={className} aria-labelledby={labelledBy}>
        {children}
      </article>
    </CardContext.Provider>
  );
}
