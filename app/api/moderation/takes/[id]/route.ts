// POST /api/moderation/takes/{id} — dismiss its reports, hide, restore or delete a take. Moderators only; 404 for anyone else.
import { moderationRoute } from '@/app/api/_lib/shared-routes';

export const POST = moderationRoute('take');
