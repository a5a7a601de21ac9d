import type { communityEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { blockUserHandler } from './chat/blockUser.ts';
import { listBlockedUsersHandler } from './chat/listBlockedUsers.ts';
import { listThreadMessagesHandler } from './chat/listThreadMessages.ts';
import { listThreadsHandler } from './chat/listThreads.ts';
import { markThreadReadHandler } from './chat/markThreadRead.ts';
import { sendMessageHandler } from './chat/sendMessage.ts';
import { unblockUserHandler } from './chat/unblockUser.ts';
import { createCommentHandler } from './comments/createComment.ts';
import { deleteCommentHandler } from './comments/deleteComment.ts';
import { editCommentHandler } from './comments/editComment.ts';
import { uploadImageHandler } from './images/uploadImage.ts';
import { suggestMentionsHandler } from './mentions/suggestMentions.ts';
import { countOpenReportsModeratorHandler } from './moderation/countOpenReportsModerator.ts';
import { deleteCommentModeratorHandler } from './moderation/deleteCommentModerator.ts';
import { deletePostModeratorHandler } from './moderation/deletePostModerator.ts';
import { dismissReportsModeratorHandler } from './moderation/dismissReportsModerator.ts';
import { listModerationLogModeratorHandler } from './moderation/listModerationLogModerator.ts';
import { listReportsModeratorHandler } from './moderation/listReportsModerator.ts';
import { pinPostModeratorHandler } from './moderation/pinPostModerator.ts';
import { reportItemHandler } from './moderation/reportItem.ts';
import { suspendMemberAdminHandler } from './moderation/suspendMemberAdmin.ts';
import { unpinPostModeratorHandler } from './moderation/unpinPostModerator.ts';
import { listUserNotificationsHandler } from './notifications/listUserNotifications.ts';
import { markNotificationsReadHandler } from './notifications/markNotificationsRead.ts';
import { createArticlePostHandler } from './posts/createArticlePost.ts';
import { createPostHandler } from './posts/createPost.ts';
import { deletePostHandler } from './posts/deletePost.ts';
import { editPostHandler } from './posts/editPost.ts';
import { getPostHandler } from './posts/getPost.ts';
import { listPostsHandler } from './posts/listPosts.ts';
import { createMembershipHandler } from './profiles/createMembership.ts';
import { createProfileHandler } from './profiles/createProfile.ts';
import { getProfileHandler } from './profiles/getProfile.ts';
import { getPublicProfileHandler } from './profiles/getPublicProfile.ts';
import { getUserAccountHandler } from './profiles/getUserAccount.ts';
import { isUserNameAvailableHandler } from './profiles/isUserNameAvailable.ts';
import { listUsersHandler } from './profiles/listUsers.ts';
import { updateMembershipHandler } from './profiles/updateMembership.ts';
import { updateProfileHandler } from './profiles/updateProfile.ts';
import { listTopicsHandler } from './topics/listTopics.ts';
import { listTopicsByPostCountHandler } from './topics/listTopicsByPostCount.ts';
import { listTrendingTopicsHandler } from './topics/listTrendingTopics.ts';
import { undoUpvoteCommentHandler } from './votes/undoUpvoteComment.ts';
import { undoUpvotePostHandler } from './votes/undoUpvotePost.ts';
import { upvoteCommentHandler } from './votes/upvoteComment.ts';
import { upvotePostHandler } from './votes/upvotePost.ts';

/**
 * The community's endpoints and their handlers. The contract's community service also holds the mail
 * and search calls, whose handlers live in their own areas (mail/routes.ts, search/routes.ts); the
 * router joins the three, and an endpoint without a handler is a type error there.
 */
export const communityRoutes = {
  blockUser: blockUserHandler,
  countOpenReportsModerator: countOpenReportsModeratorHandler,
  dismissReportsModerator: dismissReportsModeratorHandler,
  listBlockedUsers: listBlockedUsersHandler,
  listModerationLogModerator: listModerationLogModeratorHandler,
  listReportsModerator: listReportsModeratorHandler,
  reportItem: reportItemHandler,
  suspendMemberAdmin: suspendMemberAdminHandler,
  unblockUser: unblockUserHandler,
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
  isUserNameAvailable: isUserNameAvailableHandler,
  listPosts: listPostsHandler,
  listThreadMessages: listThreadMessagesHandler,
  listThreads: listThreadsHandler,
  listTopics: listTopicsHandler,
  listTopicsByPostCount: listTopicsByPostCountHandler,
  listTrendingTopics: listTrendingTopicsHandler,
  listUserNotifications: listUserNotificationsHandler,
  listUsers: listUsersHandler,
  suggestMentions: suggestMentionsHandler,
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
} satisfies Partial<Routes<typeof communityEndpoints>>;
