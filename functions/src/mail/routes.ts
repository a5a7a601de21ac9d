import type { communityEndpoints } from '@kring/contract';
import type { GlobalLimitExemption, Routes } from '../lib/handler.ts';
import { getMailPreferencesHandler } from './getMailPreferences.ts';
import { handleMailNotificationsHandler } from './handleMailNotifications.ts';
import { handleWeeklyMailHandler } from './handleWeeklyMail.ts';
import { resubscribeMailHandler, signedMailLink, unsubscribeMailHandler } from './unsubscribeMail.ts';
import { updateMailPreferencesHandler } from './updateMailPreferences.ts';

/** The mail calls (in the contract's community service) and their handlers. */
export const mailRoutes = {
  getMailPreferences: getMailPreferencesHandler,
  handleMailNotifications: handleMailNotificationsHandler,
  handleWeeklyMail: handleWeeklyMailHandler,
  resubscribeMail: resubscribeMailHandler,
  unsubscribeMail: unsubscribeMailHandler,
  updateMailPreferences: updateMailPreferencesHandler,
} satisfies Partial<Routes<typeof communityEndpoints>>;

/** Calls exempt from their endpoint's global rate limit (see GlobalLimitExemption): a validly signed mail link. */
export const mailGlobalLimitExemptions: {
  [K in keyof typeof communityEndpoints]?: GlobalLimitExemption<(typeof communityEndpoints)[K]>;
} = {
  unsubscribeMail: signedMailLink,
  resubscribeMail: signedMailLink,
};
