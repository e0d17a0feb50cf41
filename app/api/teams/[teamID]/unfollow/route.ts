// POST /api/teams/{teamID}/unfollow — the viewer unfollows the team, whose takes leave their Following tab.
import { entityFollowRoute } from '@/app/api/_lib/shared-routes';

export const POST = entityFollowRoute('team', false);
