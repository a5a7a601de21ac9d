import type { Notification } from '@kring/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { installIntersectionObserver, reveal } from '../../../test/intersection.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();
beforeEach(() => installIntersectionObserver());

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
const belowTheFold: Notification = {
  ...base,
  id: 14,
  readAt: null,
  actionPayload: { type: 'REPLY_POST', replyAuthorId: 3, postId: 7, replyCommentId: 70 },
  postTitle: 'Een lange titel over de overdracht tussen de dag- en de avonddienst op de afdeling',
};
const row = (id: number) => document.querySelector(`[data-notification-id="${id}"]`) as HTMLElement;

const calls = (name: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/web/community/${name}`);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body));

/** The server: the list, and markNotificationsRead answering `mark`. */
function serve(
  notifications: Notification[],
  unreadCount: number,
  mark: (body: { ids?: number[] }) => Response = () => jsonResponse({ unreadCount: 0 }),
) {
  fetchMock.mockImplementation(async (url, init) =>
    String(url).endsWith('/listUserNotifications')
      ? jsonResponse({ notifications, unreadCount, nextCursor: null })
      : String(url).endsWith('/markNotificationsRead')
        ? mark(JSON.parse(String(init?.body ?? '{}')))
        : jsonResponse({ error: { code: 'NOT_FOUND' } }, 404),
  );
}

describe('NotificationBell read state', () => {
  it('marks nothing when the popover closes before the list arrived', async () => {
    let answer: (value: Response) => void = () => {};
    fetchMock.mockImplementation((url) =>
      String(url).endsWith('/listUserNotifications')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(jsonResponse({ unreadCount: 0 })),
    );
    renderWithProviders(<NotificationBell unreadCount={2} />);
    const bell = screen.getByRole('button', { name: 'Notificaties, 2 ongelezen' });
    await userEvent.click(bell);
    await userEvent.click(bell);
    answer(
      jsonResponse({ notifications: [replyToComment, upvotedComment], unreadCount: 2, nextCursor: null }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('markNotificationsRead')).toHaveLength(0);
    expect(bell.getAttribute('aria-label')).toBe('Notificaties, 2 ongelezen');
  });

  it('marks read only the rows in view, not those below the fold; the bell shows what is left', async () => {
    const unread = new Set([11, 12, 14]);
    serve([replyToComment, upvotedComment, upvotedPost, belowTheFold], 3, ({ ids = [] }) => {
      for (const id of ids) unread.delete(id);
      return jsonResponse({ unreadCount: unread.size });
    });
    renderWithProviders(<NotificationBell unreadCount={3} />);
    const bell = screen.getByRole('button', { name: 'Notificaties, 3 ongelezen' });
    await userEvent.click(bell);
    await screen.findByText('Vrijwilligers gezocht');
    expect(screen.getByText('3 Nieuwe')).toBeTruthy();

    // The first three rows fit in the popover; the fourth is below the fold.
    reveal([row(11), row(12), row(13)]);
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(1));
    expect(bodyOf(calls('markNotificationsRead')[0])).toEqual({ ids: [11, 12] });
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notificaties, 1 ongelezen'));
    // The rows marked keep their unread look while the popover is open, so the member sees what was new.
    expect(row(11).getAttribute('data-unread')).toBe('true');
    expect(within(row(11)).getByText('Nieuw')).toBeTruthy();
    expect(row(13).getAttribute('data-unread')).toBeNull();

    // Scrolling down brings the fourth into view: it is marked then, once.
    reveal([row(14), row(11)]);
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(2));
    expect(bodyOf(calls('markNotificationsRead')[1])).toEqual({ ids: [14] });
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notificaties, geen ongelezen'));
    expect(
      [...document.querySelectorAll('[data-notification-id]')].map((a) => a.getAttribute('href')),
    ).toEqual([
      '/community/bericht/9?showComment=6',
      '/community/bericht/9?showComment=5',
      '/community/bericht/8',
      '/community/bericht/7?showComment=70',
    ]);
  });

  it('shows the subject on its own line, apart from the sentence and the time', async () => {
    serve([belowTheFold], 0);
    renderWithProviders(<NotificationBell unreadCount={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, geen ongelezen' }));
    const title = await screen.findByText(belowTheFold.postTitle);
    // Its own element, holding the whole title (CSS cuts it only at the popover's width), no time in it.
    expect(title.textContent).toBe(`Over: ${belowTheFold.postTitle}`);
    expect(title.parentElement?.textContent).toContain('karel heeft gereageerd op je bericht.');
    expect(title.textContent).not.toContain('zojuist');
  });

  it("links to the page with all notifications as 'Alle notificaties'", async () => {
    serve([replyToComment], 0);
    renderWithProviders(<NotificationBell unreadCount={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, geen ongelezen' }));
    expect(screen.getByRole('link', { name: 'Alle notificaties' }).getAttribute('href')).toBe(
      '/community/notificaties',
    );
  });

  it('puts the count back when marking fails', async () => {
    serve([replyToComment], 1, () => jsonResponse({ error: { code: 'INTERNAL' } }, 500));
    renderWithProviders(<NotificationBell unreadCount={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, 1 ongelezen' }));
    await screen.findByText('Tarieven 2027');
    reveal([row(11)]);
    await waitFor(() => expect(calls('markNotificationsRead')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('count-bubble').textContent).toBe('1'));
  });

  it('shows a new realtime count after marking', async () => {
    serve([replyToComment], 1);
    const { rerender } = renderWithProviders(<NotificationBell unreadCount={1} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notificaties, 1 ongelezen' }));
    await screen.findByText('Tarieven 2027');
    reveal([row(11)]);
    await waitFor(() => expect(screen.queryByTestId('count-bubble')).toBeNull());
    rerender(<NotificationBell unreadCount={0} />);
    rerender(<NotificationBell unreadCount={1} />);
    expect(screen.getByTestId('count-bubble').textContent).toBe('1');
  });
});
