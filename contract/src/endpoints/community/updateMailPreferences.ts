import { endpoint } from '../../endpoint.ts';
import { mailPreferences } from './getMailPreferences.ts';

/** Stores all the mail preferences at once; answers what is stored. */
export const updateMailPreferences = endpoint({
  service: 'community',
  name: 'updateMailPreferences',
  access: 'profile',
  session: 'live',
  // chat and mentions came later (issue 23): a client that does not send them leaves them as they are.
  input: mailPreferences.partial({ chat: true, mentions: true }),
  output: mailPreferences,
});
