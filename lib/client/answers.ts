/**
 * The response schemas the browser reads answers with, by name: `apiFetch(path, { answer: 'actionCounts' })`.
 * lib/client/api.ts imports this module only when a call names one, so zod and the schemas arrive with the first
 * answer that needs them, never with a page's first load.
 */
export { relation, restrictions } from '@/lib/validation/account';
export { callersBoard } from '@/lib/validation/callers';
export { actionCounts, marksAnswer } from '@/lib/validation/user-actions';
export { comment, commentsPage, deletedComment, topCommentAnswer } from '@/lib/validation/comments';
export { messageAnswer } from '@/lib/validation/common';
export { followingPage } from '@/lib/validation/following';
export {
  adminPlayer,
  adminPlayers,
  adminTeam,
  adminTeams,
  adminTopic,
  adminTopics,
  importReport,
  leagueChangesPage,
  leagueGame,
  leagueGames,
} from '@/lib/validation/league';
export { liveTakeAnswer, newestTakeAnswer } from '@/lib/validation/live';
export { moderationQueue, moderatorsAnswer, takeForViewer } from '@/lib/validation/moderation';
export { notificationsPage, unreadAnswer } from '@/lib/validation/notifications';
export { receipt } from '@/lib/validation/receipts';
export { sessionAnswer } from '@/lib/validation/session';
export { take, takeList } from '@/lib/validation/takes';
export { fullProfile, ownSessionUser, profileUsername, uploadedPicture, usernameAvailability } from '@/lib/validation/users';
