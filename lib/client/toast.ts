import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts without react-hot-toast in any page's first load: the library, and
 * the shell's toaster that shows them (components/shell/app-shell.tsx), load
 * with the first toast a fan causes. A toast made before the toaster mounts
 * waits in the library's store and shows when it does.
 */
let requested = false;
const listeners = new Set<() => void>();

export const toasterRequested = () => requested;

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  import('react-hot-toast')
    .then(({ toast }) => toast[kind](message, options))
    .catch((error: unknown) => console.error('Could not show a toast', message, error));
}
