// POST /api/takes/{id}/receipt — vote Aged well or Aged poorly on a take whose check-back date has come.
import { requireIdentity } from '@/lib/auth';
import { now } from '@/lib/clock';
import { voteOnReceipt } from '@/lib/data/receipts/receipts';
import { requireAppUser } from '@/lib/data/people/users';
import { rateLimit } from '@/lib/rate-limit';
import { json, parseBody, parseParams, route } from '@/lib/http';
import { idParams } from '@/lib/validation/common';
import { receiptVoteBody } from '@/lib/validation/receipts';

export const POST = route(async (request, context) => {
  const { id } = await parseParams(context, idParams);
  const user = await requireAppUser(await requireIdentity(request));
  const { vote } = await parseBody(request, receiptVoteBody);
  await rateLimit('receiptVote', request, String(user._id));
  return json(await voteOnReceipt(user._id, id, vote, await now()));
});
