'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { browserTimeZone, rememberTimeZone, ZONE_PENDING_STYLE } from '@/components/shared/time-zone';

/**
 * The slate was drawn in `rendered`, the zone the server knew for this reader (lib/games/time-zone.ts). When the browser
 * runs in another one (a first visit, a fan who travelled, or only Vercel's guess from their address) and the URL
 * pins none, the cookie is corrected and the page drawn again in the fan's own zone, once: a browser that refuses the
 * cookie keeps the slate it has, which names its zone. The slate a first visit hid shows when that is done.
 */
export function ZoneSync({ rendered, pinned }: { rendered: string; pinned: boolean }) {
  const router = useRouter();
  const [redrawing, startTransition] = useTransition();
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) {
      checked.current = true;
      if (!pinned && rememberTimeZone() && browserTimeZone() !== rendered) {
        startTransition(() => router.refresh());
        return;
      }
    }
    if (!redrawing) document.getElementById(ZONE_PENDING_STYLE)?.remove();
  }, [pinned, rendered, router, redrawing]);
  return null;
}
