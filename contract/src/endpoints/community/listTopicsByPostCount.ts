import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, page, topic } from '../../schemas.ts';

export const listTopicsByPostCount = endpoint({
  service: 'community',
  name: 'listTopicsByPostCount',
  access: 'public',
  cacheSeconds: 60,
  input: z.object({ limit: z.number().int().min(1).max(50).default(10), cursor }),
  output: page(topic),
});
