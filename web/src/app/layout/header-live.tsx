/**
 * The signed-in header's live parts: the notification bell and the chat button, with the Realtime
 * Database values they show. Loaded after the page's first content (signed-in-header.tsx).
 */
import { ChatButton } from '../../features/chat/components/chat-button.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { unreadCountOf, useRealtimeValue } from '../../hooks/use-realtime-value.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function HeaderLive() {
  const { user } = useAuth();
  const notifications = useRealtimeValue(user ? `notifications/${user.uid}` : null);
  return (
    <>
      <NotificationBell unreadCount={unreadCountOf(notifications)} />
      {/* Reads chat/{uid} itself: a thread the member opens counts as read before the database says so. */}
      <ChatButton />
    </>
  );
}
