import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Notifications a page at a time on the page with all of them (the popover asks for 50 at once). */
export const NOTIFICATION_PAGE_SIZE = 20;

/** One page of the page with all notifications: its own SWR key per cursor. */
export const useNotificationPage = (cursor: string | null) =>
  useApi(`notifications/page/${cursor ?? ''}`, () =>
    call('community', 'listUserNotifications', { cursor, pageSize: NOTIFICATION_PAGE_SIZE }),
  );
