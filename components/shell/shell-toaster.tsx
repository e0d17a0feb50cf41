'use client';

import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_SHELL_MAX, TOAST_SHELL_MS } from '@/lib/constants';

/** react-hot-toast has no public limit, so the oldest visible toasts beyond TOAST_SHELL_MAX are dismissed. */
export function ShellToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_SHELL_MAX)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_SHELL_MS,
        style: {
          background: 'var(--surface-2)',
          color: 'var(--text)',
          border: '1px solid var(--border)',
          borderRadius: '12px',
        },
      }}
    />
  );
}
