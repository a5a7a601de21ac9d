import { call } from '../../../lib/api.ts';

/** Sends a message; the server creates the thread on the first one. */
export const sendMessage = (toUserId: number, content: string) =>
  call('community', 'sendMessage', { toUserId, content });
