import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';
import { validationMessages } from '../../messages.ts';
import { id, message, threadId, trimmed } from '../../schemas.ts';

export const sendMessage = endpoint({
  service: 'community',
  name: 'sendMessage',
  access: 'profile',
  rateLimit: rateLimits.messages,
  input: z.object({ toUserId: id, content: trimmed(limits.messageMax, validationMessages.messageRequired) }),
  output: z.object({ message, threadId }),
});
