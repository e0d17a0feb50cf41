// POST /api/account/filters/mutes — the viewer mutes a word, player or team (hide or collapse; 24h, 7d or always). Answers their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { addMuteRule } from '@/lib/data/filters/filter-settings';
import { muteRuleBody } from '@/lib/validation/filters';

export const POST = filterWriteRoute({ body: muteRuleBody }, (user, { body }) => addMuteRule(user, body));
