import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { ok } from '../../schemas.ts';
import { blockInput } from '../../search.ts';

/** Lifts a block: messages are possible again and the thread is back in the list. */
export const unblockUser = endpoint({
  service: 'community',
  name: 'unblockUser',
  access: 'profile',
  session: 'live',
  rateLimit: rateLimits.edits,
  input: blockInput,
  output: ok,
});
