import { callPublic } from '../../../lib/api.ts';

/** The unsubscribe page's two calls: no sign-in, the signed token from the mail is the proof. */
export const unsubscribe = (token: string) => callPublic('community', 'unsubscribeMail', { token });
export const resubscribe = (token: string) => callPublic('community', 'resubscribeMail', { token });
