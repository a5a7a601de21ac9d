import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const MAIL_PREFERENCES_KEY = 'mailPreferences';

/** The member's three mail switches (cached under 'mailPreferences'). */
export const useMailPreferences = () =>
  useApi(MAIL_PREFERENCES_KEY, () => call('community', 'getMailPreferences', {}));
