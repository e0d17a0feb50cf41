// PUT /api/account/filters/teams/{teamID} — the viewer watches the team's games later (the spoiler shield). DELETE — stops. Both answer their filters.
import { filterWriteRoute } from '@/app/api/_lib/shared-routes';
import { stopWatchingLater, watchTeamLater } from '@/lib/data/filters/filter-settings';
import { shieldBody, shieldTeamParams } from '@/lib/validation/filters';

export const PUT = filterWriteRoute({ params: shieldTeamParams, body: shieldBody }, (user, { params, body }) =>
  watchTeamLater(user, params.teamID, body.hours),
);
export const DELETE = filterWriteRoute({ params: shieldTeamParams }, (user, { params }) => stopWatchingLater(user, params.teamID));
