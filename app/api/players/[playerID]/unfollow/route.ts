// POST /api/players/{playerID}/unfollow — the viewer unfollows the player, whose takes leave their Following tab.
import { entityFollowRoute } from '@/app/api/_lib/shared-routes';

export const POST = entityFollowRoute('player', false);
