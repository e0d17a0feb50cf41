import 'server-only';
import { cache } from 'react';
import { getFullProfile } from '@/lib/data/people/users';
import { isNotFound } from '@/lib/errors';
import { objectId } from '@/lib/validation/common';

/**
 * The public profile, without a viewer (isFollowing is the browser's to ask);
 * null when there is no such user. One lookup per request for the layout's 404,
 * the metadata and the page.
 */
export const findProfile = cache(async (userID: string) => {
  const parsed = objectId.safeParse(userID);
  if (!parsed.success) return null;
  try {
    return await getFullProfile(parsed.data, null);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
});
