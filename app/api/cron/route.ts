// GET /api/cron — the scheduled job (vercel.json): receipts, verdicts, healing and abuse-limit windows.
import { now } from '@/lib/clock';
import { requireCronSecret } from '@/lib/cron';
import { runScheduledWork } from '@/lib/data/maintenance/scheduled-work';
import { json, route } from '@/lib/http';

// Vercel stops a function at its maximum duration: 60 s is allowed on every plan, and the counter checks stop reading at
// their own budget well before it (SCAN_BUDGET_MS in lib/data/counters/counter-checks.ts), so a run ends with its
// positions stored.
export const maxDuration = 60;

export const GET = route(async (request) => {
  requireCronSecret(request);
  return json(await runScheduledWork(await now()));
});
