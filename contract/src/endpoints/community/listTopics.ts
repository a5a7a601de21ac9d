import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, topic } from '../../schemas.ts';

/** All topics by name; public so the community landing page can show them. */
export const listTopics = endpoint({
  service: 'community',
  name: 'listTopics',
  access: 'public',
  input: emptyInput,
  output: z.object({ topics: z.array(topic) }),
});
