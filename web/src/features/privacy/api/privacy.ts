import { call } from '../../../lib/api.ts';

export const exportMyData = () => call('privacy', 'exportMyData', {});
export const deleteMyAccount = () => call('privacy', 'deleteMyAccount', { confirm: 'VERWIJDER' });
