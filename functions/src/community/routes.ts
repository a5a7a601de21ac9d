import type { communityEndpoints } from '@kring/contract';
import { notImplemented, type Routes } from '../http/types.ts';
import { createProfileHandler } from './createProfile.ts';
import { getProfileHandler } from './getProfile.ts';
import { getUserAccountHandler } from './getUserAccount.ts';
import { isUserNameAvailableHandler } from './isUserNameAvailable.ts';
import { updateProfileHandler } from './updateProfile.ts';

/** Every community endpoint and its handler; a missing one is a type error. */
export const communityRoutes: Routes<typeof communityEndpoints> = {
  createArticlePost: notImplemented,
  createComment: notImplemented,
  createMembership: notImplemented,
  createPost: notImplemented,
  createProfile: createProfileHandler,
  deleteComment: notImplemented,
  deleteCommentModerator: notImplemented,
  deletePost: notImplemented,
  deletePostModerator: notImplemented,
  editComment: notImplemented,
  editPost: notImplemented,
  getPost: notImplemented,
  getProfile: getProfileHandler,
  getPublicProfile: notImplemented,
  getUserAccount: getUserAccountHandler,
  handleMailNotifications: notImplemented,
  handleWeeklyMail: notImplemented,
  isUserNameAvailable: isUserNameAvailableHandler,
  listPosts: notImplemented,
  listThreadMessages: notImplemented,
  listThreads: notImplemented,
  listTopics: notImplemented,
  listTopicsByPostCount: notImplemented,
  listTrendingTopics: notImplemented,
  listUserNotifications: notImplemented,
  listUsers: notImplemented,
  markNotificationsRead: notImplemented,
  markThreadRead: notImplemented,
  pinPostModerator: notImplemented,
  sendMessage: notImplemented,
  undoUpvoteComment: notImplemented,
  undoUpvotePost: notImplemented,
  unpinPostModerator: notImplemented,
  updateMembership: notImplemented,
  updateProfile: updateProfileHandler,
  uploadImage: notImplemented,
  upvoteComment: notImplemented,
  upvotePost: notImplemented,
};
