// PUT /api/account/mutes/{userId} — the viewer mutes a fan. DELETE — undoes it. Both answer the viewer's choices about that fan.
import { restrictionRoute } from '@/app/api/_lib/shared-routes';

export const PUT = restrictionRoute('mute', true);
export const DELETE = restrictionRoute('mute', false);
