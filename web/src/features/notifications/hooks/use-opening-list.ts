/**
 * The list of one opening of the bell: loaded afresh; its unread ids go to the bell's read state,
 * and the popover marks read only the rows the member has seen (use-mark-seen.ts). Closed before
 * the list came, nothing is marked.
 */
import { useRef } from 'react';
import { useNotifications } from '../api/list-notifications.ts';
import type { BellReadAction } from './use-bell-read-state.ts';

export function useOpeningList(dispatch: (action: BellReadAction) => void) {
  const shown = useRef(false);
  return useNotifications(true, {
    // A fresh list on every opening, even right after the previous one.
    dedupingInterval: 0,
    onSuccess(list) {
      if (shown.current) return;
      shown.current = true;
      const unread = list.notifications.filter((n) => n.readAt === null).map((n) => n.id);
      dispatch({ type: 'listShown', unreadIds: new Set(unread) });
    },
  });
}
