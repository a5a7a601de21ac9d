import type { communityEndpoints } from '@kring/contract';
import { notImplemented, type Routes } from '../lib/handler.ts';
import { createArticlePostHandler } from './createArticlePost.ts';
import { createCommentHandler } from './createComment.ts';
import { createMembershipHandler } from './createMembership.ts';
import { createPostHandler } from './createPost.ts';
import { createProfileHandler } from './createProfile.ts';
import { deleteCommentHandler } from './deleteComment.ts';
import { deleteCommentModeratorHandler } from './deleteCommentModerator.ts';
import { deletePostHandler } from './deletePost.ts';
import { deletePostModeratorHandler } from './deletePostModerator.ts';
import { editCommentHandler } from './editComment.ts';
import { editPostHandler } from './editPost.ts';
import { getPostHandler } from './getPost.ts';
import { getProfileHandler } from './getProfile.ts';
import { getPublicProfileHandler } from './getPublicProfile.ts';
import { getUserAccountHandler } from './getUserAccount.ts';
import { isUserNameAvailableHandler } from './isUserNameAvailable.ts';
import { listPostsHandler } from './listPosts.ts';
import { listThreadMessagesHandler } from './listThreadMessages.ts';
import { listThreadsHandler } from './listThreads.ts';
import { listTopicsHandler } from './listTopics.ts';
import { listTopicsByPostCountHandler } from './listTopicsByPostCount.ts';
import { listTrendingTopicsHandler } from './listTrendingTopics.ts';
import { listUserNotificationsHandler } from './listUserNotifications.ts';
import { listUsersHandler } from './listUsers.ts';
import { markNotificationsReadHandler } from './markNotificationsRead.ts';
import { markThreadReadHandler } from './markThreadRead.ts';
import { pinPostModeratorHandler } from './pinPostModerator.ts';
import { sendMessageHandler } from './sendMessage.ts';
import { undoUpvoteCommentHandler } from './undoUpvoteComment.ts';
import { undoUpvotePostHandler } from './undoUpvotePost.ts';
import { unpinPostModeratorHandler } from './unpinPostModerator.ts';
import { updateMembershipHandler } from './updateMembership.ts';
import { updateProfileHandler } from './updateProfile.ts';
import { uploadImageHandler } from './uploadImage.ts';
import { upvoteCommentHandler } from './upvoteComment.ts';
import { upvotePostHandler } from './upvotePost.ts';

/** Every community endpoint and its handler; a missing one is a type error. */
export const communityRoutes: Routes<typeof communityEndpoints> = {
  createArticlePost: createArticlePostHandler,
  createComment: createCommentHandler,
  createMembership: createMembershipHandler,
  createPost: createPostHandler,
  createProfile: createProfileHandler,
  deleteComment: deleteCommentHandler,
  deleteCommentModerator: deleteCommentModeratorHandler,
  deletePost: deletePostHandler,
  deletePostModerator: deletePostModeratorHandler,
  editComment: editCommentHandler,
  editPost: editPostHandler,
  getPost: getPostHandler,
  getProfile: getProfileHandler,
  getPublicProfile: getPublicProfileHandler,
  getUserAccount: getUserAccountHandler,
  handleMailNotifications: notImplemented,
  handleWeeklyMail: notImplemented,
  isUserNameAvailable: isUserNameAvailableHandler,
  listPosts: listPostsHandler,
  listThreadMessages: listThreadMessagesHandler,
  listThreads: listThreadsHandler,
  listTopics: listTopicsHandler,
  listTopicsByPostCount: listTopicsByPostCountHandler,
  listTrendingTopics: listTrendingTopicsHandler,
  listUserNotifications: listUserNotificationsHandler,
  listUsers: listUsersHandler,
  markNotificationsRead: markNotificationsReadHandler,
  markThreadRead: markThreadReadHandler,
  pinPostModerator: pinPostModeratorHandler,
  sendMessage: sendMessageHandler,
  undoUpvoteComment: undoUpvoteCommentHandler,
  undoUpvotePost: undoUpvotePostHandler,
  unpinPostModerator: unpinPostModeratorHandler,
  updateMembership: updateMembershipHandler,
  updateProfile: updateProfileHandler,
  uploadImage: uploadImageHandler,
  upvoteComment: upvoteCommentHandler,
  upvotePost: upvotePostHandler,
};
