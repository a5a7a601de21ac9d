import { type ApiInput, call } from '../../../lib/api.ts';

/** An admin ends a member's complimentary membership now, with the reason for the admin log. */
export const endComp = (input: ApiInput<'community', 'endCompMembershipAdmin'>) =>
  call('community', 'endCompMembershipAdmin', input);
