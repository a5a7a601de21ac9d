import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, topic } from '../../schemas.ts';

/** All topics by name; public so the community landing page can show them. */
export const listTopics = endpoint({
  service: 'community',
  name: 'listTopics',
  access: 'public',
  // A topic an administrator adds shows within a minute.
  cacheSeconds: 60,
  input: emptyInput,
  output: z.object({ topics: z.array(topic) }),
});
