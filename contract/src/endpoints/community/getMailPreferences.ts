import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/**
 * What the member wants by mail: replies (on by default), upvotes (off), the weekly digest (on),
 * chat messages left unread (on) and mentions (on).
 */
export const mailPreferences = z.object({
  replies: z.boolean(),
  upvotes: z.boolean(),
  digest: z.boolean(),
  chat: z.boolean(),
  mentions: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferences>;

/** The signed-in member's mail preferences (the defaults until they change one). */
export const getMailPreferences = endpoint({
  service: 'community',
  name: 'getMailPreferences',
  access: 'profile',
  input: z.object({}).default({}),
  output: mailPreferences,
});
