import type { z } from 'zod';
import { apiFetch, type Answer } from '@/lib/client/api';
import type { favoriteTeamBody, FullProfile } from '@/lib/validation/users';

/** The signed-in fan's own account (GET /api/users/users/{uid}); a 404 means the account has no username yet. */
export function getOwnUser(firebaseUID: string, token: string): Promise<Answer<'ownSessionUser'>> {
  return apiFetch(`/api/users/users/${encodeURIComponent(firebaseUID)}`, { token, answer: 'ownSessionUser' });
}

/** The username an account chose, if any (GET /api/users/profiles/{uid}). */
export function getProfileUsername(firebaseUID: string): Promise<Answer<'profileUsername'>> {
  return apiFetch(`/api/users/profiles/${encodeURIComponent(firebaseUID)}`, { answer: 'profileUsername' });
}

export function checkUsername(username: string, signal?: AbortSignal): Promise<Answer<'usernameAvailability'>> {
  return apiFetch(`/api/users/check-username/${encodeURIComponent(username)}`, { signal, answer: 'usernameAvailability' });
}

/** Creates the signed-in account's user with the username it chose. */
export async function createUser(username: string, token: string | null): Promise<void> {
  await apiFetch('/api/users', { method: 'POST', body: { username }, token });
}

/** A profile as the signed-in reader sees it: fresh counts and whether they follow, block or mute its fan. */
export function getFullProfile(userId: string, token: string): Promise<FullProfile> {
  return apiFetch(`/api/users/full-profile/${encodeURIComponent(userId)}`, { token, answer: 'fullProfile' });
}

/** Follows (`follow`) or unfollows (`unfollow`) a fan, named by their Firebase uid as its path in docs/product.md#api has it. */
export async function setFollowingFan(firebaseUID: string, follow: boolean, token: string | null): Promise<void> {
  await apiFetch(`/api/users/${encodeURIComponent(firebaseUID)}/${follow ? 'follow' : 'unfollow'}`, { method: 'POST', token });
}

export async function setFavoriteTeam(userId: string, team: z.input<typeof favoriteTeamBody>['team'], token: string | null): Promise<void> {
  await apiFetch(`/api/users/${encodeURIComponent(userId)}/favorite-team`, { method: 'PUT', body: { team }, token });
}

/** Shows or hides the viewer's team badge beside their name. */
export async function setShowFlair(userId: string, show: boolean, token: string | null): Promise<void> {
  await apiFetch(`/api/users/${encodeURIComponent(userId)}/flair`, { method: 'PUT', body: { show }, token });
}

/** Uploads a new profile picture (multipart: `file` and `userId`); the answer is its address. */
export function uploadProfilePicture(body: FormData, token: string): Promise<Answer<'uploadedPicture'>> {
  return apiFetch('/upload-profile-picture', { method: 'POST', body, token, answer: 'uploadedPicture' });
}
