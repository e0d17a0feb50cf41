// GET /api/receipts?list=due|verdicts&skip&limit — takes awaiting receipt votes, or the latest verdicts, as the viewer's filters show them.
import { now } from '@/lib/clock';
import { listedTakes } from '@/lib/data/filters/lists';
import { readerForRequest } from '@/lib/data/filters/reader';
import { listReceipts } from '@/lib/data/receipts/receipts';
import { json, parseQuery, route } from '@/lib/http';
import { receiptsQuery } from '@/lib/validation/receipts';

export const GET = route(async (request) => {
  const { list, skip, limit } = parseQuery(request, receiptsQuery);
  // Paged by skip as the client counts it, so the filter thins the page rather than filling it.
  const [takes, reader] = await Promise.all([listReceipts(list, { skip, limit, now: await now() }), readerForRequest(request)]);
  return json(listedTakes(reader, takes));
});
