// POST /api/players/{playerID}/follow — the viewer follows the player, whose takes join their Following tab.
import { entityFollowRoute } from '@/app/api/_lib/shared-routes';

export const POST = entityFollowRoute('player', true);
