// GET /api/receipts?list=due|verdicts&skip&limit — takes awaiting receipt votes, or the latest verdicts.
import { now } from '@/lib/clock';
import { listReceipts } from '@/lib/data/receipts';
import { json, parseQuery, route } from '@/lib/http';
import { receiptsQuery } from '@/lib/validation/receipts';

export const GET = route(async (request) => {
  const { list, skip, limit } = parseQuery(request, receiptsQuery);
  return json(await listReceipts(list, { skip, limit, now: await now() }));
});
