import type { Notification } from '@kring/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { installIntersectionObserver, reveal } from '../../../test/intersection.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { AllNotifications } from './all-notifications.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();
beforeEach(() => installIntersectionObserver());

const karel = { id: 3, name: 'karel', role: 1 as const, karmaPoints: 4, avatarUrl: null };
const note = (id: number, read: boolean): Notification => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  readAt: read ? '2026-11-21T10:00:00.000Z' : null,
  voteCount: 0,
  commentCount: 1,
  uniqueUsers: 1,
  latestUser: karel,
  actionPayload: { type: 'REPLY_POST', replyAuthorId: 3, postId: id, replyCommentId: id * 10 },
  postTitle: `Bericht ${id}`,
});

const bodies = (name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === `/web/community/${name}`)
    .map(([, init]) => JSON.parse(String(init?.body)));
const row = (id: number) => document.querySelector(`[data-notification-id="${id}"]`) as HTMLElement;

describe('the page with all notifications', () => {
  it("pages with 'Meer notificaties', shows a notification that moved pages once, and ends with a marker", async () => {
    const first = Array.from({ length: 20 }, (_, i) => note(40 - i, i >= 2));
    // Notification 21 got new activity between the loads: the second page holds it again.
    const second = [note(21, true), note(20, true), note(19, false)];
    fetchMock.mockImplementation(async (url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      if (String(url).endsWith('/listUserNotifications'))
        return body.cursor === 'p2'
          ? jsonResponse({ notifications: second, unreadCount: 3, nextCursor: null })
          : jsonResponse({ notifications: first, unreadCount: 3, nextCursor: 'p2' });
      return jsonResponse({ unreadCount: 0 });
    });
    renderWithProviders(<AllNotifications />);
    await screen.findByText('Bericht 40');
    expect(bodies('listUserNotifications')[0]).toEqual({ cursor: null, pageSize: 20 });
    expect(document.querySelectorAll('[data-notification-id]')).toHaveLength(20);
    expect(screen.queryByText('Dit waren al je notificaties.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Meer notificaties' }));
    await screen.findByText('Bericht 19');
    expect(bodies('listUserNotifications')[1]).toEqual({ cursor: 'p2', pageSize: 20 });
    expect(screen.getAllByText('Bericht 21')).toHaveLength(1);
    expect(document.querySelectorAll('[data-notification-id]')).toHaveLength(22);
    await waitFor(() => expect(document.activeElement).toBe(row(20)));
    expect(screen.queryByRole('button', { name: 'Meer notificaties' })).toBeNull();
    expect(screen.getByText('Dit waren al je notificaties.')).toBeTruthy();
  });

  it('marks read only the unread notifications the member has seen on the page', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/listUserNotifications')
        ? jsonResponse({
            notifications: [note(3, false), note(2, true), note(1, false)],
            unreadCount: 2,
            nextCursor: null,
          })
        : jsonResponse({ unreadCount: 1 }),
    );
    renderWithProviders(<AllNotifications />);
    await screen.findByText('Bericht 3');
    reveal([row(3), row(2)]);
    await waitFor(() => expect(bodies('markNotificationsRead')).toEqual([{ ids: [3] }]));
    // Seen and marked: still shown as new on this visit.
    expect(row(3).getAttribute('data-unread')).toBe('true');
    expect(row(1).getAttribute('data-unread')).toBe('true');
  });
});
