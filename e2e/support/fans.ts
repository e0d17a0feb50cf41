import { expect, type APIRequestContext } from '@playwright/test';
import { emulatorSignUp } from './accounts';

export type Fan = { token: string; id: string; headers: Record<string, string> };

let made = 0;

/**
 * A fan made through the emulator and the API, for the crowd a journey needs
 * beside the one person it follows in the browser. Each comes from an address
 * of its own, as real fans do: the per-address sign-up limit is not what these
 * journeys are about (tests/api/rate-limits.test.ts is).
 */
export async function apiFan(request: APIRequestContext, favoriteTeam: number | null = null): Promise<Fan> {
  made += 1;
  const suffix = `${Date.now().toString(36).slice(-5)}${made}`;
  const { token } = await emulatorSignUp(request, { email: `crowd-${suffix}@takes.test`, password: 'crowd-password-1' });
  const headers = {
    Authorization: `Bearer ${token}`,
    'x-forwarded-for': `10.${(made >> 8) & 255}.${made & 255}.${Math.floor(Math.random() * 250) + 1}`,
  };
  const user = await request.post('/api/users', { headers, data: { username: `crowd${suffix}`.slice(0, 15) } });
  expect(user.status()).toBe(201);
  const id = (await user.json())._id as string;
  if (favoriteTeam !== null)
    expect((await request.put(`/api/users/${id}/favorite-team`, { headers, data: { team: favoriteTeam } })).ok()).toBeTruthy();
  return { token, id, headers };
}

export async function apiReact(request: APIRequestContext, fan: Fan, takeId: string, actionType: 'like' | 'dislike') {
  expect((await request.post('/api/user-action', { headers: fan.headers, data: { actionType, postID: takeId } })).ok()).toBeTruthy();
}
