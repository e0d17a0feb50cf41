'use client';

import dynamic from 'next/dynamic';

// The Following tab is one of the home screen's two views, and most readers are on For you: its code comes with the
// page that renders it (on the server as well, so its HTML is whole), not in the first load of every home page.
export const FollowingFeed = dynamic(() => import('./following-feed').then((m) => m.FollowingFeed));
export const FollowingSignedOut = dynamic(() => import('./following-feed').then((m) => m.FollowingSignedOut));
