import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** SWR key of the notification list (spec 7). */
export const NOTIFICATIONS_KEY = 'notifications';

export const useNotifications = (enabled: boolean) =>
  useApi(enabled ? NOTIFICATIONS_KEY : null, () => call('community', 'listUserNotifications', {}));
