// GET /api/cron — the scheduled job (vercel.json): receipts, verdicts, healing and abuse-limit windows.
import { now } from '@/lib/clock';
import { requireCronSecret } from '@/lib/cron';
import { runScheduledWork } from '@/lib/data/maintenance/scheduled-work';
import { json, route } from '@/lib/http';

export const GET = route(async (request) => {
  requireCronSecret(request);
  return json(await runScheduledWork(await now()));
});
