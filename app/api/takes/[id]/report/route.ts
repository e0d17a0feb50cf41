// POST /api/takes/{id}/report — report a take (once per user; a repeat changes nothing; 5 distinct reporters in good standing hide it).
import { reportTake } from '@/lib/data/moderation';
import { reportRoute } from '@/lib/shared-routes';

export const POST = reportRoute(reportTake);
