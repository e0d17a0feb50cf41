'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/shared/auth-provider';
import { getTakeForViewer } from '@/lib/client/takes';
import type { TakeForViewer } from '@/lib/validation/moderation';

const TAKE_PATH = /^\/takes\/([a-f0-9]{24})$/i;

// Every take page carries this boundary; the card's code loads only for the few who are shown a hidden take.
const TakeCard = dynamic(() => import('@/components/take-card/take-card').then((m) => m.TakeCard));

/**
 * A take page the server answered 404: the take is gone, or hidden by
 * moderation. Every public page reads only the takes collection, so a hidden
 * take is a 404 to all of them; for its author and the admins this asks the
 * API, which shows it to them alone, and the take replaces the not-found text,
 * with its notice. Everyone else keeps the 404.
 */
export function HiddenTakeGate({ className, children }: { className?: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const { status, getToken } = useAuth();
  const [take, setTake] = useState<TakeForViewer | null>(null);
  const id = TAKE_PATH.exec(pathname)?.[1] ?? null;

  useEffect(() => {
    if (status !== 'signed-in' || !id) return;
    let current = true;
    void (async () => {
      try {
        const found = await getTakeForViewer(id, await getToken());
        if (current && found.moderation) setTake(found);
      } catch {
        // Not the author or an admin, or really gone: the 404 stands.
      }
    })();
    return () => {
      current = false;
    };
  }, [status, id, getToken]);

  return take ? (
    <main className={className}>
      <TakeCard take={take} isPage />
    </main>
  ) : (
    children
  );
}
