import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, order, page, pageSize, profile } from '../../schemas.ts';

/** Community members by karma points or newest first. */
export const listUsers = endpoint({
  service: 'community',
  name: 'listUsers',
  access: 'member',
  input: z.object({ order: order.default('createdAt'), pageSize, cursor }),
  output: page(profile),
});
