// PUT /api/account/blocks/{userId} — the caller blocks a fan. DELETE — undoes it. Both answer the caller's choices about that fan.
import { restrictionRoute } from '@/app/api/_lib/shared-routes';

export const PUT = restrictionRoute('block', true);
export const DELETE = restrictionRoute('block', false);
