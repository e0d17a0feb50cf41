// GET /api/receipts?list=due|verdicts&skip&limit — takes awaiting receipt votes, or the latest verdicts.
import { now } from '@/lib/clock';
import { hiddenForRequest, withoutHiddenTakes } from '@/lib/data/visibility/block-facts';
import { listReceipts } from '@/lib/data/receipts/receipts';
import { json, parseQuery, route } from '@/lib/http';
import { receiptsQuery } from '@/lib/validation/receipts';

export const GET = route(async (request) => {
  const { list, skip, limit } = parseQuery(request, receiptsQuery);
  const [takes, hidden] = await Promise.all([listReceipts(list, { skip, limit, now: await now() }), hiddenForRequest(request)]);
  return json(withoutHiddenTakes(takes, hidden));
});
