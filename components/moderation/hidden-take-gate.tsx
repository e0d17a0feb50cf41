'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { TakeDetail } from '@/components/take-card/take-detail';
import { apiFetch } from '@/lib/client/api';
import type { TakeDTO } from '@/lib/data/mappers';

const TAKE_PATH = /^\/takes\/([a-f0-9]{24})$/i;

/**
 * A take page the server answered 404: the take is gone, or hidden by
 * moderation. The server renders pages without knowing the reader (identity
 * is a bearer token), so once a signed-in reader is known this asks the API,
 * which shows a hidden take to its author and the admins only; for them the
 * take replaces the not-found text, with its notice. Everyone else keeps the 404.
 */
export function HiddenTakeGate({ className, children }: { className?: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const { status, getToken } = useAuth();
  const [take, setTake] = useState<TakeDTO | null>(null);
  const id = TAKE_PATH.exec(pathname)?.[1] ?? null;

  useEffect(() => {
    if (status !== 'signed-in' || !id) return;
    let current = true;
    void (async () => {
      try {
        const found = await apiFetch<TakeDTO>(`/api/takes/${id}`, { token: await getToken() });
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
      <TakeDetail take={take} />
    </main>
  ) : (
    children
  );
}
