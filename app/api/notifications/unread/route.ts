// GET /api/notifications/unread — how many of the viewer's notifications are unread (up to 10; the bell shows 9+).
// Polled by the fan's tabs: an ETag and 304, kept by the browser only, and read from the data cache.
import { requireIdentity } from '@/lib/auth';
import { liveUnread } from '@/lib/data/notifications/live';
import { conditionalJson, route } from '@/lib/http';

export const GET = route(async (request) =>
  conditionalJson(request, await liveUnread(await requireIdentity(request)), 'private, no-cache'),
);
