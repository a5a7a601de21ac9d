import useSWR from 'swr';
import { call } from '../../../lib/api.ts';

/** SWR key of the notification list (spec 7). */
export const NOTIFICATIONS_KEY = 'notifications';

export const useNotifications = (enabled: boolean) =>
  useSWR(enabled ? NOTIFICATIONS_KEY : null, () => call('community', 'listUserNotifications', {}));
