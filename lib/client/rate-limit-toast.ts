import { ApiError } from '@/lib/client/api';
import { showToast } from '@/lib/client/toast';

/**
 * Over an abuse limit the server says when to try again. That message is
 * always shown, also where docs/product.md#messages only logs a failure (replies, follows,
 * uploads), so a fan is never left tapping a button that silently does nothing.
 */
export function toastIfRateLimited(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 429) return false;
  showToast('error', error.message, { id: 'rate-limit' });
  return true;
}
