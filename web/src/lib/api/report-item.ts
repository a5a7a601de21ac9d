import { type ApiInput, call } from '../api.ts';

/**
 * Reports a post, comment, chat message or profile to the moderators. Shared: the report dialog
 * serves the community's posts and profiles and the chat's messages.
 */
export const reportItem = (input: ApiInput<'community', 'reportItem'>) =>
  call('community', 'reportItem', input);
