import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';

/**
 * "Verwijder mijn account" (GDPR art. 17): cancels the Mollie subscription, deletes the Mollie
 * customer, the personal details, profile, avatar, uploads, votes, chat messages sent, notifications,
 * the Realtime Database paths and the Auth user. Posts and comments stay for the threads' sake and
 * show "Verwijderd lid" (docs/privacy.md). What is under an open report (a chat message sent, the
 * profile text) is kept for moderators only until the report is handled, 90 days at most
 * (docs/privacy.md "Reported content"). Needs a sign-in younger than five minutes, and the
 * confirmation word so a stray request cannot do it.
 */
export const deleteMyAccount = endpoint({
  service: 'privacy',
  name: 'deleteMyAccount',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.privacy,
  input: z.object({ confirm: z.literal('VERWIJDER') }),
  output: z.object({ ok: z.literal(true) }),
});
