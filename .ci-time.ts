import { dbConnect, dbDisconnect } from '@/lib/db';
import { scoreClosedReceipts } from '@/lib/data/callers/caller-scoring';
import { CallerScore } from '@/models';
async function main() {
  await dbConnect();
  await CallerScore.deleteMany({});
  const t = Date.now();
  const n = await scoreClosedReceipts(new Date(), Date.now());
  console.log('scored', n, 'in', Date.now() - t, 'ms');
  await dbDisconnect();
}
main();
