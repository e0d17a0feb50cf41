export { Comment } from './comment';
export { EntityStat } from './entity-stat';
export { Follow } from './follow';
export { Player } from './player';
export { RateLimit } from './rate-limit';
export { Report } from './report';
export { SpecialTopic } from './special-topic';
export { Take } from './take';
export { Team } from './team';
export { User } from './user';
export { UserAction } from './user-action';

import { Comment } from './comment';
import { EntityStat } from './entity-stat';
import { Follow } from './follow';
import { Player } from './player';
import { RateLimit } from './rate-limit';
import { Report } from './report';
import { SpecialTopic } from './special-topic';
import { Take } from './take';
import { Team } from './team';
import { User } from './user';
import { UserAction } from './user-action';

export const ALL_MODELS = [User, Take, Comment, UserAction, Follow, Report, Player, Team, SpecialTopic, EntityStat, RateLimit] as const;
