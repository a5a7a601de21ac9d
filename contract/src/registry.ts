// The registry of every endpoint, by service and name.

import { getReceipt } from './endpoints/billing/getReceipt.ts';
import { listMyPayments } from './endpoints/billing/listMyPayments.ts';
import { listPlans } from './endpoints/billing/listPlans.ts';
import { switchPlan } from './endpoints/billing/switchPlan.ts';

import { blockUser } from './endpoints/community/blockUser.ts';
import { changeMemberRoleAdmin } from './endpoints/community/changeMemberRoleAdmin.ts';
import { countOpenReportsModerator } from './endpoints/community/countOpenReportsModerator.ts';
import { createArticlePost } from './endpoints/community/createArticlePost.ts';
import { createComment } from './endpoints/community/createComment.ts';
import { createMembership } from './endpoints/community/createMembership.ts';
import { createPost } from './endpoints/community/createPost.ts';
import { createProfile } from './endpoints/community/createProfile.ts';
import { deleteComment } from './endpoints/community/deleteComment.ts';
import { deleteCommentModerator } from './endpoints/community/deleteCommentModerator.ts';
import { deletePost } from './endpoints/community/deletePost.ts';
import { deletePostModerator } from './endpoints/community/deletePostModerator.ts';
import { dismissReportsModerator } from './endpoints/community/dismissReportsModerator.ts';
import { editComment } from './endpoints/community/editComment.ts';
import { editPost } from './endpoints/community/editPost.ts';
import { endCompMembershipAdmin } from './endpoints/community/endCompMembershipAdmin.ts';
import { exportMembersAdmin } from './endpoints/community/exportMembersAdmin.ts';
import { exportPaymentsAdmin } from './endpoints/community/exportPaymentsAdmin.ts';
import { getMailPreferences } from './endpoints/community/getMailPreferences.ts';
import { getMemberAdmin } from './endpoints/community/getMemberAdmin.ts';
import { getOverviewAdmin } from './endpoints/community/getOverviewAdmin.ts';
import { getPost } from './endpoints/community/getPost.ts';
import { getProfile } from './endpoints/community/getProfile.ts';
import { getPublicProfile } from './endpoints/community/getPublicProfile.ts';
import { getReceiptAdmin } from './endpoints/community/getReceiptAdmin.ts';
import { getUserAccount } from './endpoints/community/getUserAccount.ts';
import { grantCompMembershipAdmin } from './endpoints/community/grantCompMembershipAdmin.ts';
import { handleMailNotifications } from './endpoints/community/handleMailNotifications.ts';
import { handleWeeklyMail } from './endpoints/community/handleWeeklyMail.ts';
import { isUserNameAvailable } from './endpoints/community/isUserNameAvailable.ts';
import { listAdminLogAdmin } from './endpoints/community/listAdminLogAdmin.ts';
import { listBlockedUsers } from './endpoints/community/listBlockedUsers.ts';
import { listMemberPaymentsAdmin } from './endpoints/community/listMemberPaymentsAdmin.ts';
import { listMembersAdmin } from './endpoints/community/listMembersAdmin.ts';
import { listModerationLogModerator } from './endpoints/community/listModerationLogModerator.ts';
import { listPosts } from './endpoints/community/listPosts.ts';
import { listReportsModerator } from './endpoints/community/listReportsModerator.ts';
import { listThreadMessages } from './endpoints/community/listThreadMessages.ts';
import { listThreads } from './endpoints/community/listThreads.ts';
import { listTopics } from './endpoints/community/listTopics.ts';
import { listTopicsByPostCount } from './endpoints/community/listTopicsByPostCount.ts';
import { listTrendingTopics } from './endpoints/community/listTrendingTopics.ts';
import { listUserNotifications } from './endpoints/community/listUserNotifications.ts';
import { listUsers } from './endpoints/community/listUsers.ts';
import { markNotificationsRead } from './endpoints/community/markNotificationsRead.ts';
import { markThreadRead } from './endpoints/community/markThreadRead.ts';
import { pinPostModerator } from './endpoints/community/pinPostModerator.ts';
import { refundPaymentAdmin } from './endpoints/community/refundPaymentAdmin.ts';
import { reportItem } from './endpoints/community/reportItem.ts';
import { resendReceiptAdmin } from './endpoints/community/resendReceiptAdmin.ts';
import { resubscribeMail } from './endpoints/community/resubscribeMail.ts';
import { search } from './endpoints/community/search.ts';
import { sendMessage } from './endpoints/community/sendMessage.ts';
import { suggestMentions } from './endpoints/community/suggestMentions.ts';
import { suspendMemberAdmin } from './endpoints/community/suspendMemberAdmin.ts';
import { unblockUser } from './endpoints/community/unblockUser.ts';
import { undoUpvoteComment } from './endpoints/community/undoUpvoteComment.ts';
import { undoUpvotePost } from './endpoints/community/undoUpvotePost.ts';
import { unpinPostModerator } from './endpoints/community/unpinPostModerator.ts';
import { unsubscribeMail } from './endpoints/community/unsubscribeMail.ts';
import { updateMailPreferences } from './endpoints/community/updateMailPreferences.ts';
import { updateMembership } from './endpoints/community/updateMembership.ts';
import { updateProfile } from './endpoints/community/updateProfile.ts';
import { uploadImage } from './endpoints/community/uploadImage.ts';
import { upvoteComment } from './endpoints/community/upvoteComment.ts';
import { upvotePost } from './endpoints/community/upvotePost.ts';
import { deleteMyAccount } from './endpoints/privacy/deleteMyAccount.ts';
import { exportMyData } from './endpoints/privacy/exportMyData.ts';
import { cancelSubscription } from './endpoints/subscription/cancelSubscription.ts';
import { changePaymentMethod } from './endpoints/subscription/changePaymentMethod.ts';
import { createSubscriptionInitialPayment } from './endpoints/subscription/createSubscriptionInitialPayment.ts';
import { getPaymentProblem } from './endpoints/subscription/getPaymentProblem.ts';
import { getSubscriptionInitialPaymentPrice } from './endpoints/subscription/getSubscriptionInitialPaymentPrice.ts';
import { getSubscriptionInitialPaymentStatus } from './endpoints/subscription/getSubscriptionInitialPaymentStatus.ts';
import { getSubscriptionStatus } from './endpoints/subscription/getSubscriptionStatus.ts';
import { payMissedPeriod } from './endpoints/subscription/payMissedPeriod.ts';
import { resumeSubscription } from './endpoints/subscription/resumeSubscription.ts';
import { webhookPaymentHandler } from './endpoints/subscription/webhookPaymentHandler.ts';

export const communityEndpoints = {
  // The admin's /beheer calls (issue 25, docs/admin.md).
  changeMemberRoleAdmin,
  exportMembersAdmin,
  exportPaymentsAdmin,
  getMemberAdmin,
  getOverviewAdmin,
  getReceiptAdmin,
  listMemberPaymentsAdmin,
  refundPaymentAdmin,
  resendReceiptAdmin,
  listAdminLogAdmin,
  listMembersAdmin,
  grantCompMembershipAdmin,
  endCompMembershipAdmin,
  blockUser,
  countOpenReportsModerator,
  dismissReportsModerator,
  listBlockedUsers,
  listModerationLogModerator,
  listReportsModerator,
  reportItem,
  search,
  suspendMemberAdmin,
  unblockUser,
  createArticlePost,
  createComment,
  createMembership,
  createPost,
  createProfile,
  deleteComment,
  deleteCommentModerator,
  deletePost,
  deletePostModerator,
  editComment,
  editPost,
  getMailPreferences,
  getPost,
  getProfile,
  getPublicProfile,
  getUserAccount,
  handleMailNotifications,
  handleWeeklyMail,
  isUserNameAvailable,
  listPosts,
  listThreadMessages,
  listThreads,
  listTopics,
  listTopicsByPostCount,
  listTrendingTopics,
  listUserNotifications,
  listUsers,
  suggestMentions,
  markNotificationsRead,
  markThreadRead,
  pinPostModerator,
  sendMessage,
  undoUpvoteComment,
  undoUpvotePost,
  unpinPostModerator,
  resubscribeMail,
  unsubscribeMail,
  updateMailPreferences,
  updateMembership,
  updateProfile,
  uploadImage,
  upvoteComment,
  upvotePost,
} as const;

export const subscriptionEndpoints = {
  cancelSubscription,
  createSubscriptionInitialPayment,
  getSubscriptionInitialPaymentPrice,
  getSubscriptionInitialPaymentStatus,
  getSubscriptionStatus,
  webhookPaymentHandler,
  // Issue 24 part B: dunning, resume, payment method (docs/payments.md).
  changePaymentMethod,
  getPaymentProblem,
  payMissedPeriod,
  resumeSubscription,
} as const;

/** Plans, payment history and receipts (issue 24; docs/payments.md "Plans", "Invoices"). */
export const billingEndpoints = {
  getReceipt,
  listMyPayments,
  listPlans,
  switchPlan,
} as const;

/** GDPR self-service: the member's own data export and account deletion (docs/privacy.md). */
export const privacyEndpoints = {
  deleteMyAccount,
  exportMyData,
} as const;

export {
  blockUser,
  cancelSubscription,
  changeMemberRoleAdmin,
  changePaymentMethod,
  countOpenReportsModerator,
  createArticlePost,
  createComment,
  createMembership,
  createPost,
  createProfile,
  createSubscriptionInitialPayment,
  deleteComment,
  deleteCommentModerator,
  deleteMyAccount,
  deletePost,
  deletePostModerator,
  dismissReportsModerator,
  editComment,
  editPost,
  endCompMembershipAdmin,
  exportMembersAdmin,
  exportMyData,
  exportPaymentsAdmin,
  getMailPreferences,
  getMemberAdmin,
  getOverviewAdmin,
  getPaymentProblem,
  getPost,
  getProfile,
  getPublicProfile,
  getReceipt,
  getReceiptAdmin,
  getSubscriptionInitialPaymentPrice,
  getSubscriptionInitialPaymentStatus,
  getSubscriptionStatus,
  getUserAccount,
  grantCompMembershipAdmin,
  handleMailNotifications,
  handleWeeklyMail,
  isUserNameAvailable,
  listAdminLogAdmin,
  listBlockedUsers,
  listMemberPaymentsAdmin,
  listMembersAdmin,
  listModerationLogModerator,
  listMyPayments,
  listPlans,
  listPosts,
  listReportsModerator,
  listThreadMessages,
  listThreads,
  listTopics,
  listTopicsByPostCount,
  listTrendingTopics,
  listUserNotifications,
  listUsers,
  markNotificationsRead,
  markThreadRead,
  payMissedPeriod,
  pinPostModerator,
  refundPaymentAdmin,
  reportItem,
  resendReceiptAdmin,
  resubscribeMail,
  resumeSubscription,
  search,
  sendMessage,
  suggestMentions,
  suspendMemberAdmin,
  switchPlan,
  unblockUser,
  undoUpvoteComment,
  undoUpvotePost,
  unpinPostModerator,
  unsubscribeMail,
  updateMailPreferences,
  updateMembership,
  updateProfile,
  uploadImage,
  upvoteComment,
  upvotePost,
  webhookPaymentHandler,
};
