// POST /api/moderation/comments/{id} — dismiss its reports, hide, restore or delete a comment. Moderators only; 404 for anyone else.
import { moderationRoute } from '@/app/api/_lib/shared-routes';

export const POST = moderationRoute('comment');
