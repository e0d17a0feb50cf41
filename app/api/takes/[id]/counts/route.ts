// GET /api/takes/{id}/counts — fresh likes, dislikes and shares.
import { getTakeCounts } from '@/lib/data/takes/takes';
import { json, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';

export const GET = route(async (_request, context) => {
  const { id } = await parseParams(context, idParams);
  return json(await getTakeCounts(id));
});
