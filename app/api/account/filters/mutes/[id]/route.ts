// DELETE /api/account/filters/mutes/{id} — the viewer removes one of their mutes. Answers their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { removeMuteRule } from '@/lib/data/filters/filter-settings';
import { muteRuleParams } from '@/lib/validation/filters';

export const DELETE = filterWriteRoute({ params: muteRuleParams }, (user, { params }) => removeMuteRule(user, params.id));
