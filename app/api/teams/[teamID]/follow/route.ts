// POST /api/teams/{teamID}/follow — the viewer follows the team, whose takes join their Following tab.
import { entityFollowRoute } from '@/app/api/_lib/shared-routes';

export const POST = entityFollowRoute('team', true);
