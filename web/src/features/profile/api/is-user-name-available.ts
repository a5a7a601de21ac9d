import { call } from '../../../lib/api.ts';

/** Whether the name is free (spec 5: asked 500 ms after the last keystroke); `reason` when it is not. */
export const isUserNameAvailable = (userName: string) =>
  call('community', 'isUserNameAvailable', { userName });
