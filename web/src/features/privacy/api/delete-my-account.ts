import { call } from '../../../lib/api.ts';

/** Erases the caller's account; the confirmation word is the one the spec asks the member to type. */
export const deleteMyAccount = () => call('privacy', 'deleteMyAccount', { confirm: 'VERWIJDER' });
