'use client';

import dynamic from 'next/dynamic';

// Only a reader shielded from a game sees Watched: its code comes with a page that shows it, not with every game page.
export const WatchedButton = dynamic(() => import('./watched-button').then((m) => m.WatchedButton));
