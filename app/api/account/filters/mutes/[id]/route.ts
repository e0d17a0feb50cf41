// DELETE /api/account/filters/mutes/{id} — the viewer removes one of their mutes. Answers their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { unmute } from '@/lib/data/filters/filter-settings';
import { muteParams } from '@/lib/validation/filters';

export const DELETE = filterWriteRoute({ params: muteParams }, (user, { params }) => unmute(user, params.id));
