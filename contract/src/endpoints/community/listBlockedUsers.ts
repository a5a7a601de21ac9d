import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, profileSummary } from '../../schemas.ts';

/** The members the caller blocked, most recent first. */
export const listBlockedUsers = endpoint({
  service: 'community',
  name: 'listBlockedUsers',
  access: 'profile',
  input: emptyInput,
  output: z.object({ users: z.array(profileSummary) }),
});
