'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { browserTimeZone, rememberTimeZone } from '@/components/shared/time-zone';

/**
 * The slate was drawn in `rendered`, the zone the server knew for this reader (lib/time-zone.ts). When the browser
 * runs in another one (the fan travelled, or the server only had Vercel's guess from their address) and the URL
 * pins none, the cookie is corrected and the page drawn again in the fan's own zone.
 */
export function ZoneSync({ rendered, pinned }: { rendered: string; pinned: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!pinned && rememberTimeZone() && browserTimeZone() !== rendered) router.refresh();
  }, [pinned, rendered, router]);
  return null;
}
