import { ApiError } from '@/lib/client/api';
import { showToast } from '@/lib/client/toast';
import { TOAST_ACTION_MS } from '@/lib/constants';

/** Take actions toast top-right for 5 s (docs/product.md#limits), unlike the shell's top-centre default. */
const OPTIONS = { position: 'top-right', duration: TOAST_ACTION_MS } as const;

export const takeToast = {
  success: (message: string) => showToast('success', message, OPTIONS),
  error: (message: string) => showToast('error', message, OPTIONS),
};

/** The server's own words (a 429 says to slow down) or apiFetch's wording for its status, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The signed-in fan's token for a take or comment action, or null once they are told they are not signed in. */
export async function actionToken(getToken: () => Promise<string | null>): Promise<string | null> {
  const token = await getToken();
  if (!token) takeToast.error('User not authenticated.');
  return token;
}
