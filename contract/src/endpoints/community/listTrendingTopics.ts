import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, topic } from '../../schemas.ts';

/** Topics with the most posts, comments and votes in the last 7 days (at most 10). */
export const listTrendingTopics = endpoint({
  service: 'community',
  name: 'listTrendingTopics',
  access: 'public',
  // Activity over 7 days: five minutes behind changes nothing anyone would notice.
  cacheSeconds: 300,
  input: emptyInput,
  output: z.object({ topics: z.array(topic.extend({ activity: z.number().int() })) }),
});
