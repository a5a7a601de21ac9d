import { callPublic } from '../../../lib/api.ts';

/** Undoes an unsubscribe from the same page, with the same signed token from the mail. */
export const resubscribe = (token: string) => callPublic('community', 'resubscribeMail', { token });
