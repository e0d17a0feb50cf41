// POST /api/comments/{id}/report — report a comment or reply (once per user; a repeat changes nothing; 5 distinct reporters in good standing hide it).
import { reportRoute } from '@/app/api/_lib/shared-routes';

export const POST = reportRoute('comment');
