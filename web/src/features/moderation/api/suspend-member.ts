import type { ApiInput } from '../../../lib/api.ts';
import { call } from '../../../lib/api.ts';

/** An admin suspends the member a report is about, until a date, with the reason (they are mailed). */
export const suspendMember = (input: ApiInput<'community', 'suspendMemberAdmin'>) =>
  call('community', 'suspendMemberAdmin', input);
