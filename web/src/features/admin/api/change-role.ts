import { type ApiInput, call } from '../../../lib/api.ts';

/** An admin changes a member's role, with the reason for the admin log. */
export const changeRole = (input: ApiInput<'community', 'changeMemberRoleAdmin'>) =>
  call('community', 'changeMemberRoleAdmin', input);
