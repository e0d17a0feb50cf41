export { Administrator } from './administrator';
export { Block } from './block';
export { BoxScore } from './box-score';
export { Call } from './call';
export { CallerScore } from './caller-score';
export { CallerStat } from './caller-stat';
export { Comment } from './comment';
export { CounterCheck } from './counter-check';
export { CommentReport } from './comment-report';
export { EntityFollow } from './entity-follow';
export { EntityStat } from './entity-stat';
export { Follow } from './follow';
export { Game } from './game';
export { HiddenComment } from './hidden-comment';
export { HiddenTake } from './hidden-take';
export { LeagueBatch } from './league-batch';
export { LeagueChange } from './league-change';
export { ModerationAction } from './moderation-action';
export { Moderator } from './moderator';
export { MuteRule } from './mute-rule';
export { Notification } from './notification';
export { Player } from './player';
export { RateLimit } from './rate-limit';
export { Save } from './save';
export { ReceiptVote } from './receipt-vote';
export { Report } from './report';
export { SpecialTopic } from './special-topic';
export { SpoilerShield } from './spoiler-shield';
export { SystemState } from './system-state';
export { Take } from './take';
export { Team } from './team';
export { User } from './user';
export { UserAction } from './user-action';
export type * from './rows';

import { Administrator } from './administrator';
import { Block } from './block';
import { BoxScore } from './box-score';
import { Call } from './call';
import { CallerScore } from './caller-score';
import { CallerStat } from './caller-stat';
import { Comment } from './comment';
import { CounterCheck } from './counter-check';
import { CommentReport } from './comment-report';
import { EntityFollow } from './entity-follow';
import { EntityStat } from './entity-stat';
import { Follow } from './follow';
import { Game } from './game';
import { HiddenComment } from './hidden-comment';
import { HiddenTake } from './hidden-take';
import { LeagueBatch } from './league-batch';
import { LeagueChange } from './league-change';
import { ModerationAction } from './moderation-action';
import { Moderator } from './moderator';
import { MuteRule } from './mute-rule';
import { Notification } from './notification';
import { Player } from './player';
import { RateLimit } from './rate-limit';
import { Save } from './save';
import { ReceiptVote } from './receipt-vote';
import { Report } from './report';
import { SpecialTopic } from './special-topic';
import { SpoilerShield } from './spoiler-shield';
import { SystemState } from './system-state';
import { Take } from './take';
import { Team } from './team';
import { User } from './user';
import { UserAction } from './user-action';

export const ALL_MODELS = [
  User,
  Take,
  Comment,
  UserAction,
  Follow,
  Report,
  Player,
  Team,
  SpecialTopic,
  EntityStat,
  RateLimit,
  ReceiptVote,
  Notification,
  HiddenTake,
  ModerationAction,
  CommentReport,
  HiddenComment,
  Block,
  CounterCheck,
  SystemState,
  CallerScore,
  CallerStat,
  Game,
  LeagueChange,
  EntityFollow,
  Moderator,
  LeagueBatch,
  MuteRule,
  SpoilerShield,
  Administrator,
  Call,
  BoxScore,
  Save,
] as const;
