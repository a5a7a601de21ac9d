import type { Notification } from '@kring/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { NotificationBell, notificationsToMark } from './notification-bell.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const karel = { id: 3, name: 'karel', role: 1 as const, karmaPoints: 4, avatarUrl: null };
const now = new Date().toISOString();
const base = {
  createdAt: now,
  updatedAt: now,
  voteCount: 0,
  commentCount: 1,
  uniqueUsers: 1,
  latestUser: karel,
};

const replyToComment: Notification = {
  ...base,
  id: 11,
  readAt: null,
  actionPayload: { type: 'REPLY_COMMENT', replyAuthorId: 3, postId: 9, commentId: 5, replyCommentId: 6 },
  postTitle: 'Tarieven 2027',
};
const upvotedComment: Notification = {
  ...base,
  id: 12,
  readAt: null,
  actionPayload: { type: 'UPVOTE_COMMENT', votingUserId: 3, postId: 9, commentId: 5 },
  postTitle: 'Tarieven 2027',
};
const upvotedPost: Notification = {
  ...base,
  id: 13,
  readAt: '2026-01-01T00:00:00Z',
  actionPayload: { type: 'UPVOTE_POST', votingUserId: 3, postId: 8 },
  postTitle: 'Vrijwilligers gezocht',
};

const calls = (name: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/web/community/${name}`);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body));

/** The server: the list, and markNotificationsRead answering `mark`. */
function serve(
  notifications: Notification[],
  unreadCount: number,
  mark = () => jsonResponse({ unreadCount: 0 }),
) {
  fetchMock.mockImplementation(async (url) =>
    String(url).endsWith('/listUserNotifications')
      ? jsonResponse({ notifications, unreadCount })
      : String(url).endsWith('/markNotificationsRead')
        ? mark()
        : jsonResponse({ error: { code: 'NOT_FOUND' } }, 404),
  );
}

describe('NotificationBell read state', () => {
  it('shows the count again when the popover closes before the list arrived (nothing was marked)', async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockImplementation((url) =>
      String(url).endsWith('/listUserNotifications')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(jsonResponse({ unreadCount: 0 })),
    );
    renderWithProviders(<NotificationBell unreadCount={2} />);
    const bell = screen.getByRole('button', { name: 'Notificaties, 2 ongelezen' });
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-label')).toBe('Notificaties, geen ongelezen');
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-label')).toBe('Notificaties, 2 ongelezen');
    answer(jsonResponse({ notifications: [replyToComment, upvotedComment], unreadCount: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls('markNotificationsRead')).toHaveLength(0);
    expect(bell.getAttribute('aria-label')).toBe('Notificaties, 2 ongelezen');
  });

  it('marks the unread ones read once on opening; the count drops to 0 at once', async () => {
    serve([replyToComment, upvotedComment, upvotedPost], 2);
    renderWithProviders(<NotificationBell unreadCount={2} />);
    const bell = screen.getByRole('button', { name: 'Notificaties, 2 ongelezen' });
    expect(screen.getByTestId('count-bubble').textContent).toBe('2');

    await userEvent.click(bell);
    expect(bell.getAttribute('aria-label')).toBe('Notificaties, geen ongelezen');
    expect(screen.queryByTestId('count-bubble')).toBeNull();
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(1));
    expect(bodyOf(calls('markNotificationsRead')[0])).toEqual({ ids: [11, 12] });

    // The rows stay marked while the popover is open, so the member sees what was new.
    expect(screen.getByText('2 Nieuwe')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-unread'))).toEqual(['true', 'true', null]);
    expect(within(links[0] as HTMLElement).getByText('Nieuw')).toBeTruthy();
    expect(within(links[2] as HTMLElement).queryByText('Nieuw')).toBeNull();
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/community/bericht/9?showComment=6',
      '/community/bericht/9?showComment=5',
      '/community/bericht/8',
    ]);

    // Closing and opening again: no second marking while nothing is unread.
    await userEvent.click(bell);
    serve([{ ...replyToComment, readAt: now }, { ...upvotedComment, readAt: now }, upvotedPost], 0);
    await userEvent.click(bell);
    await waitFor(() => expect(calls('listUserNotifications')).toHaveLength(2));
    expect(calls('markNotificationsRead')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
    expect(screen.queryByText(/Nieuwe/)).toBeNull();
  });

  it('marks everything when the server counts more unread than the list holds', () => {
    expect(notificationsToMark({ notifications: [replyToComment, upvotedPost], unreadCount: 60 })).toEqual(
      {},
    );
    expect(notificationsToMark({ notifications: [upvotedPost], unreadCount: 0 })).toBeNull();
  });

  it('puts the count back when marking fails', async () => {
    serve([replyToComment], 1, () => jsonResponse({ error: { code: 'INTERNAL' } }, 500));
    renderWithProviders(<NotificationBell unreadCount={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, 1 ongelezen' }));
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('count-bubble').textContent).toBe('1'));
  });

  it('shows a new realtime count after clearing', async () => {
    serve([replyToComment], 1);
    const { rerender } = renderWithProviders(<NotificationBell unreadCount={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, 1 ongelezen' }));
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(1));
    rerender(<NotificationBell unreadCount={0} />);
    rerender(<NotificationBell unreadCount={1} />);
    expect(screen.getByTestId('count-bubble').textContent).toBe('1');
  });
});
