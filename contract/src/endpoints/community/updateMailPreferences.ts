import { endpoint } from '../../endpoint.ts';
import { mailPreferences } from './getMailPreferences.ts';

/** Stores all three mail preferences at once; answers what is stored. */
export const updateMailPreferences = endpoint({
  service: 'community',
  name: 'updateMailPreferences',
  access: 'profile',
  session: 'live',
  input: mailPreferences,
  output: mailPreferences,
});
