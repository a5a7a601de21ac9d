/**
 * The list of one opening of the bell: loaded afresh, then its unread rows marked read once (the
 * bell's read state learns which rows were new, or that marking failed). Closed before the list
 * came, what the member never saw is not marked read.
 */
import { useEffect, useRef } from 'react';
import {
  type NotificationList as NotificationListData,
  useNotifications,
} from '../api/list-notifications.ts';
import { markNotificationsRead } from '../api/mark-notifications-read.ts';
import type { BellReadAction } from './use-bell-read-state.ts';

/**
 * Which of a fresh list to mark read: the ids of the unread rows shown, or everything (no ids) when
 * the server counts more unread than the list holds (older ones past the 50 it returns), and
 * nothing when all are read. Marking by id leaves a notification that arrived after the list was
 * loaded unread, so the bell shows it.
 */
export function notificationsToMark(list: NotificationListData): { ids?: number[] } | null {
  const ids = list.notifications.filter((n) => n.readAt === null).map((n) => n.id);
  if (list.unreadCount > ids.length) return {};
  return ids.length > 0 ? { ids } : null;
}

export function useOpeningList(dispatch: (action: BellReadAction) => void) {
  const marked = useRef(false);
  // Closed before the list came: what the member never saw is not marked read.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const result = useNotifications(true, {
    // A fresh list on every opening, even right after the previous one.
    dedupingInterval: 0,
    onSuccess(list) {
      if (marked.current || !mounted.current) return;
      marked.current = true;
      const unread = list.notifications.filter((n) => n.readAt === null).map((n) => n.id);
      dispatch({ type: 'listShown', unreadIds: new Set(unread) });
      const toMark = notificationsToMark(list);
      if (!toMark) return;
      markNotificationsRead(toMark.ids).then(
        ({ unreadCount }) => {
          const readAt = new Date().toISOString();
          void result.mutate(
            (current) =>
              current && {
                unreadCount,
                notifications: current.notifications.map((n) =>
                  n.readAt === null && (!toMark.ids || toMark.ids.includes(n.id)) ? { ...n, readAt } : n,
                ),
              },
            { revalidate: false },
          );
        },
        () => dispatch({ type: 'markFailed' }),
      );
    },
    onError() {
      if (!marked.current) dispatch({ type: 'markFailed' });
    },
  });
  return result;
}
