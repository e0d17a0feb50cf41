import { apiFetch } from '@/lib/client/api';

/** Trades a recent sign-in's ID token for the session cookie pages render by (POST /api/session). */
export async function startSession(token: string): Promise<void> {
  await apiFetch('/api/session', { method: 'POST', token, answer: 'sessionAnswer' });
}

/** Revokes the fan's sessions and clears the cookie (DELETE /api/session). */
export async function endSession(): Promise<void> {
  await apiFetch('/api/session', { method: 'DELETE' });
}
