// PUT /api/account/blocks/{userId} — the viewer blocks a fan. DELETE — undoes it. Both answer the viewer's choices about that fan.
import { restrictionRoute } from '@/app/api/_lib/shared-routes';

export const PUT = restrictionRoute('block', true);
export const DELETE = restrictionRoute('block', false);
