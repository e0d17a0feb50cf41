/**
 * The response schemas the browser's answers are typed by, by name: `apiFetch(path, { answer: 'actionCounts' })`
 * answers `z.output` of `actionCounts`, the schema the server builds that answer with. lib/client/api.ts imports this
 * module itself only in development and tests, to parse each answer by its schema; a production build leaves it,
 * and zod with it, out of every page (docs/decisions.md says why the browser does not re-check its own server).
 */
import { relation, restrictions } from '@/lib/validation/account';
import { callersBoard } from '@/lib/validation/callers';
import { callGames, saveState } from '@/lib/validation/calls';
import { actionCounts, marksAnswer } from '@/lib/validation/user-actions';
import { comment, commentsPage, deletedComment, topCommentAnswer } from '@/lib/validation/comments';
import { messageAnswer } from '@/lib/validation/common';
import { fanFiltersAnswer } from '@/lib/validation/filters';
import { entityFollowState } from '@/lib/validation/entity-follows';
import { followingPage } from '@/lib/validation/following';
import { gameThreadPage, liveGameAnswer, slate } from '@/lib/validation/games';
import {
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
  leagueLine,
  leagueLines,
} from '@/lib/validation/league';
import { liveTakeAnswer, newestTakeAnswer } from '@/lib/validation/live';
import { moderationQueue, moderatorsAnswer, takeForViewer } from '@/lib/validation/moderation';
import { notification, notificationsPage, unreadAnswer } from '@/lib/validation/notifications';
import { receipt } from '@/lib/validation/receipts';
import { sessionAnswer } from '@/lib/validation/session';
import { savedTakesPage, take, takeList } from '@/lib/validation/takes';
import { fullProfile, ownSessionUser, profileUsername, uploadedPicture, usernameAvailability } from '@/lib/validation/users';

export const answers = {
  relation,
  restrictions,
  callersBoard,
  callGames,
  saveState,
  savedTakesPage,
  leagueLine,
  leagueLines,
  actionCounts,
  marksAnswer,
  comment,
  commentsPage,
  deletedComment,
  topCommentAnswer,
  messageAnswer,
  fanFiltersAnswer,
  entityFollowState,
  followingPage,
  gameThreadPage,
  liveGameAnswer,
  slate,
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
  liveTakeAnswer,
  newestTakeAnswer,
  moderationQueue,
  moderatorsAnswer,
  takeForViewer,
  notification,
  notificationsPage,
  unreadAnswer,
  receipt,
  sessionAnswer,
  take,
  takeList,
  fullProfile,
  ownSessionUser,
  profileUsername,
  uploadedPicture,
  usernameAvailability,
};
