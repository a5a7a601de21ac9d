import { callPublic } from '../../../lib/api.ts';

/** The unsubscribe page's call: no sign-in, the signed token from the mail is the proof. */
export const unsubscribe = (token: string) => callPublic('community', 'unsubscribeMail', { token });
