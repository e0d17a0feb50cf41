// GET /api/calls/record/{userID}?team&player&bin&cursor — a fan's record of calls, as the viewer's spoiler shield lets them see it.
import { now } from '@/lib/clock';
import { callRecordOf } from '@/lib/data/calls/call-record';
import { readerForRequest } from '@/lib/data/filters/reader';
import { getFullProfile } from '@/lib/data/people/users';
import { json, parseParams, parseQuery, route } from '@/lib/http';
import { recordQuery } from '@/lib/validation/calls';
import { userIdPath } from '@/lib/validation/receipts';

export const GET = route(async (request, context) => {
  const { userID } = await parseParams(context, userIdPath);
  const filter = parseQuery(request, recordQuery);
  const [reader] = await Promise.all([readerForRequest(request), getFullProfile(userID, null)]); // 404 for an unknown fan
  const view = { shielded: reader.filters.shielded.map((g) => g.game), now: await now() };
  return json(await callRecordOf(userID, filter, view));
});
