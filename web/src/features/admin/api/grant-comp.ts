import { type ApiInput, call } from '../../../lib/api.ts';

/** An admin gives a member a complimentary membership until a date, with the reason for the admin log. */
export const grantComp = (input: ApiInput<'community', 'grantCompMembershipAdmin'>) =>
  call('community', 'grantCompMembershipAdmin', input);
