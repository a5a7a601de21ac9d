import { endpoint } from '../../endpoint.ts';
import { unsubscribeMail } from './unsubscribeMail.ts';

/**
 * The undo of the unsubscribe page ('Toch weer ontvangen'): the same signed token turns its kind of
 * mail back on, without signing in. A forged or altered token is refused and changes nothing.
 */
export const resubscribeMail = endpoint({
  ...unsubscribeMail,
  name: 'resubscribeMail',
});
