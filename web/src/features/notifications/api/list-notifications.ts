import type { SWRConfiguration } from 'swr';
import { type ApiOutput, call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** SWR key of the notification list (spec 7). */
export const NOTIFICATIONS_KEY = 'notifications';

export type NotificationList = ApiOutput<'community', 'listUserNotifications'>;

export const useNotifications = (enabled: boolean, options?: SWRConfiguration<NotificationList>) =>
  useApi(enabled ? NOTIFICATIONS_KEY : null, () => call('community', 'listUserNotifications', {}), options);
