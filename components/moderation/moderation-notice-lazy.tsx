'use client';

import dynamic from 'next/dynamic';

// Only a hidden take shows it, and only to its author and the moderators: its code comes with a page that has one.
export const ModerationNotice = dynamic(() => import('./moderation-notice').then((m) => m.ModerationNotice));
