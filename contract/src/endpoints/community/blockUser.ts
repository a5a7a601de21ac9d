import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { ok } from '../../schemas.ts';
import { blockInput } from '../../search.ts';

/** The caller blocks a member in chat: they cannot message the caller, and the thread leaves the list. */
export const blockUser = endpoint({
  service: 'community',
  name: 'blockUser',
  access: 'profile',
  session: 'live',
  rateLimit: rateLimits.edits,
  input: blockInput,
  output: ok,
});
