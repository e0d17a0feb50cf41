'use client';

import { createContext, useContext } from 'react';

const Revealed = createContext(false);

/**
 * Around a take the reader asked to see ("show" on a collapsed card, or its page's "Show take"): its comments come
 * without the collapsing by their spoiler shield and collapsing mutes (GET /api/comments?reveal=true).
 */
export function RevealedThread({ children }: { children: React.ReactNode }) {
  return <Revealed value>{children}</Revealed>;
}

export const useRevealedThread = (): boolean => useContext(Revealed);
