import { type ApiInput, call } from '../../../lib/api.ts';

/** One page of members for /beheer/leden. */
export const listMembers = (input: ApiInput<'community', 'listMembersAdmin'>) =>
  call('community', 'listMembersAdmin', input);
