// GET /og/profile/{id} — the 1200×630 card of a fan's profile.
import { getFullProfile } from '@/lib/data/people/users';
import { parseParams } from '@/lib/http';
import { entityCardResponse } from '@/lib/og/card-routes';
import { badgeArt } from '@/lib/og/entity-art';
import { imageRoute } from '@/lib/og/image-route';
import { FALLBACK, initials } from '@/lib/og/placeholder-art';
import { idParams } from '@/lib/validation/common';

export const GET = imageRoute(
  async (_request, context) => {
    const { id } = await parseParams(context, idParams);
    return { path: `/og/profile/${id}`, value: id };
  },
  async (request, id) => {
    const profile = await getFullProfile(id, null);
    const subtitle = `${profile.postsCount} takes · ${profile.followersCount} followers`;
    const badge = { text: initials(profile.username), background: FALLBACK.background, accent: FALLBACK.accent };
    return entityCardResponse(request, { type: 'special', id, name: `@${profile.username}` }, subtitle, badgeArt(badge));
  },
);
