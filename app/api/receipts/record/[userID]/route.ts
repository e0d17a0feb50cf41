// GET /api/receipts/record/{userID} — a user's receipts record: called it, aged well, aged poorly, pending.
import { now } from '@/lib/clock';
import { receiptRecord } from '@/lib/data/receipts/receipts';
import { getFullProfile } from '@/lib/data/people/users';
import { json, parseParams, route } from '@/lib/http';
import { userIdPath } from '@/lib/validation/receipts';

export const GET = route(async (_request, context) => {
  const { userID } = await parseParams(context, userIdPath);
  await getFullProfile(userID, null); // 404 for an unknown user rather than an empty record
  return json(await receiptRecord(userID, await now()));
});
