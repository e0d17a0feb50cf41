import type { Types } from 'mongoose';
import type { BlockDoc } from './block';
import type { CallerScoreDoc } from './caller-score';
import type { CallerStatDoc } from './caller-stat';
import type { CommentDoc } from './comment';
import type { CommentReportDoc } from './comment-report';
import type { CounterCheckDoc } from './counter-check';
import type { EntityStatDoc } from './entity-stat';
import type { FollowDoc } from './follow';
import type { GameDoc } from './game';
import type { HiddenCommentDoc } from './hidden-comment';
import type { HiddenTakeDoc } from './hidden-take';
import type { LeagueBatchDoc } from './league-batch';
import type { LeagueChangeDoc } from './league-change';
import type { ModerationActionDoc } from './moderation-action';
import type { ModeratorDoc } from './moderator';
import type { NotificationDoc } from './notification';
import type { PlayerDoc } from './player';
import type { RateLimitDoc } from './rate-limit';
import type { ReceiptVoteDoc } from './receipt-vote';
import type { ReportDoc } from './report';
import type { SpecialTopicDoc } from './special-topic';
import type { SystemStateDoc } from './system-state';
import type { TakeDoc } from './take';
import type { TeamDoc } from './team';
import type { UserDoc } from './user';
import type { UserActionDoc } from './user-action';

/** A document as `.lean()` reads it whole: its schema's fields and its _id. A projection reads a `Pick` of one. */
type Row<Doc, Id = Types.ObjectId> = Doc & { _id: Id };

export type BlockRow = Row<BlockDoc>;
export type ModeratorRow = Row<ModeratorDoc, string>;
export type CallerScoreRow = Row<CallerScoreDoc>;
export type CallerStatRow = Row<CallerStatDoc, string>;
export type CommentRow = Row<CommentDoc>;
export type CommentReportRow = Row<CommentReportDoc>;
export type CounterCheckRow = Row<CounterCheckDoc, string>;
export type EntityStatRow = Row<EntityStatDoc, string>;
export type FollowRow = Row<FollowDoc>;
export type GameRow = Row<GameDoc, number>;
export type LeagueBatchRow = Row<LeagueBatchDoc>;
export type LeagueChangeRow = Row<LeagueChangeDoc>;
export type ModerationActionRow = Row<ModerationActionDoc>;
export type NotificationRow = Row<NotificationDoc>;
export type PlayerRow = Row<PlayerDoc, number>;
export type RateLimitRow = Row<RateLimitDoc>;
export type ReceiptVoteRow = Row<ReceiptVoteDoc>;
export type ReportRow = Row<ReportDoc>;
export type SpecialTopicRow = Row<SpecialTopicDoc, string>;
export type SystemStateRow = Row<SystemStateDoc, string>;
export type TakeRow = Row<TakeDoc>;
export type TeamRow = Row<TeamDoc, number>;
export type UserRow = Row<UserDoc>;
export type UserActionRow = Row<UserActionDoc>;
/** The schema keeps the hidden take as it was stored (Mixed); it is a take row. */
export type HiddenTakeRow = Omit<Row<HiddenTakeDoc>, 'take'> & { take: TakeRow };
/** The hidden comment and its replies as they were stored (Mixed): comment rows. */
export type HiddenCommentRow = Omit<Row<HiddenCommentDoc>, 'comment' | 'replies'> & { comment: CommentRow; replies: CommentRow[] };
