/**
 * The response schemas the browser reads answers with, by name: `apiFetch(path, { answer: 'actionCounts' })`.
 * lib/client/api.ts imports this module only when a call names one, and each schema then loads with its own
 * validation module: zod and the schemas arrive with the first answer that needs them, never with a page's first
 * load, and a page that reads its comments builds the comments' schemas, not every resource's (building all of them
 * at once was a long task on a phone, the take page's largest).
 */
export const answers = {
  relation: () => import('@/lib/validation/account').then((m) => m.relation),
  restrictions: () => import('@/lib/validation/account').then((m) => m.restrictions),
  callersBoard: () => import('@/lib/validation/callers').then((m) => m.callersBoard),
  actionCounts: () => import('@/lib/validation/user-actions').then((m) => m.actionCounts),
  marksAnswer: () => import('@/lib/validation/user-actions').then((m) => m.marksAnswer),
  comment: () => import('@/lib/validation/comments').then((m) => m.comment),
  commentsPage: () => import('@/lib/validation/comments').then((m) => m.commentsPage),
  deletedComment: () => import('@/lib/validation/comments').then((m) => m.deletedComment),
  topCommentAnswer: () => import('@/lib/validation/comments').then((m) => m.topCommentAnswer),
  messageAnswer: () => import('@/lib/validation/common').then((m) => m.messageAnswer),
  fanFiltersAnswer: () => import('@/lib/validation/filters').then((m) => m.fanFiltersAnswer),
  entityFollowState: () => import('@/lib/validation/following').then((m) => m.entityFollowState),
  followingPage: () => import('@/lib/validation/following').then((m) => m.followingPage),
  gameThreadPage: () => import('@/lib/validation/games').then((m) => m.gameThreadPage),
  liveGameAnswer: () => import('@/lib/validation/games').then((m) => m.liveGameAnswer),
  slate: () => import('@/lib/validation/games').then((m) => m.slate),
  liveTakeAnswer: () => import('@/lib/validation/live').then((m) => m.liveTakeAnswer),
  newestTakeAnswer: () => import('@/lib/validation/live').then((m) => m.newestTakeAnswer),
  moderationQueue: () => import('@/lib/validation/moderation').then((m) => m.moderationQueue),
  moderatorsAnswer: () => import('@/lib/validation/moderation').then((m) => m.moderatorsAnswer),
  takeForViewer: () => import('@/lib/validation/moderation').then((m) => m.takeForViewer),
  notification: () => import('@/lib/validation/notifications').then((m) => m.notification),
  notificationsPage: () => import('@/lib/validation/notifications').then((m) => m.notificationsPage),
  unreadAnswer: () => import('@/lib/validation/notifications').then((m) => m.unreadAnswer),
  receipt: () => import('@/lib/validation/receipts').then((m) => m.receipt),
  sessionAnswer: () => import('@/lib/validation/session').then((m) => m.sessionAnswer),
  take: () => import('@/lib/validation/takes').then((m) => m.take),
  takeList: () => import('@/lib/validation/takes').then((m) => m.takeList),
  fullProfile: () => import('@/lib/validation/users').then((m) => m.fullProfile),
  ownSessionUser: () => import('@/lib/validation/users').then((m) => m.ownSessionUser),
  profileUsername: () => import('@/lib/validation/users').then((m) => m.profileUsername),
  uploadedPicture: () => import('@/lib/validation/users').then((m) => m.uploadedPicture),
  usernameAvailability: () => import('@/lib/validation/users').then((m) => m.usernameAvailability),
};
