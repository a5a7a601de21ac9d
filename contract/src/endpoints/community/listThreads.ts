import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, threadListEntry } from '../../schemas.ts';

/** The caller's chat threads, most recent first, each with its last message. */
export const listThreads = endpoint({
  service: 'community',
  name: 'listThreads',
  access: 'profile',
  input: emptyInput,
  output: z.object({ threads: z.array(threadListEntry) }),
});
