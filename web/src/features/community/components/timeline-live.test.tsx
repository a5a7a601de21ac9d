import type { Post } from '@kring/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { VISIT_GAP_MS } from '../hooks/use-last-visit.ts';
import { fakeApi, postFixture } from '../test-fixtures.ts';
import { Timeline } from './timeline.tsx';

const listeners = new Map<string, (value: unknown) => void>();
vi.mock('../../../lib/firebase.ts', () => ({
  getIdToken: async () => 'token',
  watchRealtimeValue: (path: string, listener: (value: unknown) => void) => {
    listeners.set(path, listener);
    return () => listeners.delete(path);
  },
}));
vi.mock('../../../lib/analytics.ts', () => ({ track: () => {} }));
const me = { id: 500, name: 'joris_visser' };
vi.mock('../../../lib/auth.tsx', () => ({
  useAccount: () => ({ data: { role: 1, profile: me } }),
  // The composer's drafts are kept per account (lib/drafts.ts).
  useAuth: () => ({ status: 'ready', user: { uid: 'joris' } }),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  listeners.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const post = (id: number, minutesAgo: number, extra: Partial<Post> = {}) =>
  postFixture(id, { createdAt: at(minutesAgo), updatedAt: at(minutesAgo), ...extra });
const titles = () =>
  within(screen.getByRole('region', { name: /^Berichten/ }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const signal = (latestPostId: number) =>
  act(async () => listeners.get('members/newPosts')?.({ latestPostId, at: Date.now() }));

describe('Timeline: what is new', () => {
  it("shows 'N nieuwe berichten' when posts arrive while reading; a click puts them on top, once", async () => {
    let first = [post(3, 10), post(2, 20), post(1, 30)];
    const api = fakeApi(fetchMock, { listPosts: () => ({ items: first, nextCursor: null }) });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 3' });
    await waitFor(() => expect(listeners.has('members/newPosts')).toBe(true));

    // A signal for a post already shown asks nothing.
    await signal(3);
    expect(api.inputsOf('listPosts')).toHaveLength(1);

    first = [post(5, 0), post(4, 1), post(3, 10), post(2, 20), post(1, 30)];
    await signal(5);
    const button = await screen.findByRole('button', { name: '2 nieuwe berichten' });
    // Nothing moved yet: the reader keeps the list as it was.
    expect(titles()).toEqual(['Bericht 3', 'Bericht 2', 'Bericht 1']);

    await userEvent.click(button);
    expect(titles()).toEqual(['Bericht 5', 'Bericht 4', 'Bericht 3', 'Bericht 2', 'Bericht 1']);
    expect(screen.queryByRole('button', { name: /nieuwe berichten/ })).toBeNull();
    expect(screen.getByText('De 2 nieuwe berichten staan bovenaan de lijst.').getAttribute('role')).toBe(
      'status',
    );
    expect(document.activeElement?.textContent).toBe('Bericht 5');
    expect(screen.getByText('Je hebt alle berichten gezien.')).toBeTruthy();

    // One more: the count starts again from the newest shown.
    first = [post(6, 0), ...first];
    await signal(6);
    await userEvent.click(await screen.findByRole('button', { name: '1 nieuw bericht' }));
    expect(titles()).toEqual(['Bericht 6', 'Bericht 5', 'Bericht 4', 'Bericht 3', 'Bericht 2', 'Bericht 1']);
  });

  it("marks posts placed since the previous visit 'Nieuw', not the member's own nor older ones", async () => {
    // The previous visit ended 2 hours ago.
    localStorage.setItem(
      'kring/timelineVisit/500',
      JSON.stringify({ last: Date.now() - 120 * 60_000, previous: null }),
    );
    fakeApi(fetchMock, {
      listPosts: () => ({
        items: [
          post(4, 5),
          post(3, 30, { author: { ...postFixture(3).author, id: me.id } }),
          post(2, 60),
          post(1, 180),
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 4' });
    const marked = screen
      .getAllByTestId('new-since-visit')
      .map((el) => el.closest('article')?.querySelector('h3')?.textContent);
    expect(marked).toEqual(['Bericht 4', 'Bericht 2']);
    const stored = JSON.parse(localStorage.getItem('kring/timelineVisit/500') ?? '{}');
    expect(Date.now() - stored.last).toBeLessThan(VISIT_GAP_MS);
  });

  it('marks nothing on a first visit', async () => {
    fakeApi(fetchMock, { listPosts: () => ({ items: [post(1, 5)], nextCursor: null }) });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    expect(screen.queryByTestId('new-since-visit')).toBeNull();
  });
});
