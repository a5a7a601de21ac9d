import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { fakeApi, postFixture, topicFixture } from '../test-fixtures.ts';
import { Timeline } from './timeline.tsx';

vi.mock('../../../lib/firebase.ts', () => ({
  getIdToken: async () => 'token',
  watchRealtimeValue: () => () => {},
}));
const track = vi.fn();
vi.mock('../../../lib/analytics.ts', () => ({ track: (...args: unknown[]) => track(...args) }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  track.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const page = (ids: number[], nextCursor: string | null = null) => ({
  items: ids.map((id) => postFixture(id)),
  nextCursor,
});
const titles = () =>
  within(screen.getByRole('region', { name: /^Berichten/ }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Timeline', () => {
  it("sorts by 'Populair': keeps the choice, sends the event once and asks for order 'points'", async () => {
    const api = fakeApi(fetchMock, {
      listPosts: ({ order }) => (order === 'points' ? page([9, 8]) : page([1, 2])),
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    expect(api.inputsOf('listPosts')[0]).toMatchObject({ order: 'createdAt', pageSize: 20, cursor: null });
    const newest = screen.getByRole('radio', { name: 'Nieuwste' });
    expect((newest as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Populair' }));
    await screen.findByRole('heading', { name: 'Bericht 9' });
    expect(titles()).toEqual(['Bericht 9', 'Bericht 8']);
    expect(api.inputsOf('listPosts').at(-1)).toMatchObject({ order: 'points', cursor: null });
    expect(JSON.parse(localStorage.getItem('sharedSortOrder/posts') ?? 'null')).toBe('points');
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('COMMUNITY_POST_ORDER', { order: 'points' });
    // Choosing it again changes nothing and sends nothing.
    await userEvent.click(screen.getByRole('radio', { name: 'Populair' }));
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('works the sort control by keyboard (arrow keys move the choice)', async () => {
    const api = fakeApi(fetchMock, { listPosts: () => page([1]) });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    screen.getByRole('radio', { name: 'Nieuwste' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.inputsOf('listPosts').at(-1)).toMatchObject({ order: 'points' }));
    expect((screen.getByRole('radio', { name: 'Populair' }) as HTMLInputElement).checked).toBe(true);
  });

  it("pages with 'Meer laden': asks for the next cursor and appends without duplicates", async () => {
    const api = fakeApi(fetchMock, {
      listPosts: ({ cursor }) => (cursor === null ? page([1, 2, 3], 'c1') : page([3, 4, 5])),
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    expect(titles()).toEqual(['Bericht 1', 'Bericht 2', 'Bericht 3']);

    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await screen.findByRole('heading', { name: 'Bericht 5' });
    expect(api.inputsOf('listPosts').at(-1)).toMatchObject({
      cursor: 'c1',
      order: 'createdAt',
      pageSize: 20,
    });
    // Post 3 came back on the second page (it moved between the two loads): shown once.
    expect(titles()).toEqual(['Bericht 1', 'Bericht 2', 'Bericht 3', 'Bericht 4', 'Bericht 5']);
    // The last page: no more button; focus went to the first new post.
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Bericht 4');
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    let observed: IntersectionObserverCallback | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const api = fakeApi(fetchMock, {
      listPosts: ({ cursor }) => (cursor === null ? page([1], 'c1') : page([2])),
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    await act(async () =>
      observed?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    await screen.findByRole('heading', { name: 'Bericht 2' });
    expect(api.inputsOf('listPosts').map((i) => i.cursor)).toEqual([null, 'c1']);
  });

  it('filters by the topic in ?onderwerp= (topicId), with the topic lists beside it', async () => {
    const wonen = topicFixture(4, 'Wonen', 2);
    const api = fakeApi(fetchMock, {
      listTopics: () => ({ topics: [topicFixture(3, 'Klimaat'), wonen] }),
      listTrendingTopics: () => ({ topics: [{ ...wonen, activity: 5 }] }),
      listTopicsByPostCount: ({ cursor }) =>
        cursor === null
          ? { items: [wonen], nextCursor: 't1' }
          : { items: [topicFixture(3, 'Klimaat')], nextCursor: null },
      listPosts: ({ topicId }) => (topicId === 4 ? page([7]) : page([1, 2])),
    });
    renderWithProviders(<Timeline />, '/community/tijdlijn?onderwerp=wonen');
    await screen.findByRole('heading', { name: 'Bericht 7' });
    expect(api.inputsOf('listPosts')).toHaveLength(1);
    expect(api.inputsOf('listPosts')[0]).toMatchObject({ topicId: 4, articleSlug: null });
    expect(screen.getByRole('heading', { name: 'Berichten over Wonen' })).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Onderwerpen' });
    const trending = within(nav).getByRole('region', { name: 'Trending' });
    expect(within(trending).getByRole('link', { name: 'Wonen' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Meer onderwerpen' }));
    const klimaat = await within(nav).findByRole('link', { name: /^Klimaat/ });
    expect(api.inputsOf('listTopicsByPostCount').at(-1)).toMatchObject({ cursor: 't1' });

    // Choosing another topic asks for its posts; 'Alle berichten' drops the filter.
    await userEvent.click(klimaat);
    await waitFor(() => expect(api.inputsOf('listPosts').at(-1)).toMatchObject({ topicId: 3 }));
    await userEvent.click(within(nav).getByRole('link', { name: /Alle berichten/ }));
    await waitFor(() => expect(api.inputsOf('listPosts').at(-1)).toMatchObject({ topicId: null }));
    await screen.findByRole('heading', { name: 'Bericht 2' });
  });

  it('says so when the topic in the address does not exist, and shows all posts', async () => {
    const api = fakeApi(fetchMock, { listPosts: () => page([1]) });
    renderWithProviders(<Timeline />, '/community/tijdlijn?onderwerp=bestaat-niet');
    await screen.findByRole('heading', { name: 'Bericht 1' });
    expect(screen.getByText('Dit onderwerp bestaat niet (meer). Je ziet alle berichten.')).toBeTruthy();
    expect(api.inputsOf('listPosts')[0]).toMatchObject({ topicId: null });
  });

  it('posts from "Nieuw bericht": the list starts over on Nieuwste with the new post first, the stored order kept', async () => {
    localStorage.setItem('sharedSortOrder/posts', JSON.stringify('points'));
    let created = false;
    const api = fakeApi(fetchMock, {
      listPosts: ({ order, cursor }) => {
        if (order === 'points') return page([5, 6], cursor === null ? 'p1' : null);
        return created ? page([100, 1, 2]) : page([1, 2]);
      },
      createPost: ({ title }) => {
        created = true;
        return { post: postFixture(100, { title: String(title) }) };
      },
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 5' });
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));

    await userEvent.click(screen.getByRole('button', { name: 'Nieuw bericht' }));
    const title = screen.getByRole('textbox', { name: /Titel/ });
    expect(document.activeElement).toBe(title);
    await userEvent.type(title, 'Bericht 100');
    await userEvent.type(screen.getByRole('textbox', { name: /^Bericht/ }), 'Hallo allemaal');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));

    await screen.findByText('Je bericht is geplaatst.');
    await waitFor(() => expect(titles()).toEqual(['Bericht 100', 'Bericht 1', 'Bericht 2']));
    expect(api.inputsOf('createPost')[0]).toEqual({
      title: 'Bericht 100',
      content: 'Hallo allemaal',
      topics: [],
      addedImageRefs: [],
    });
    expect(api.inputsOf('listPosts').at(-1)).toMatchObject({ order: 'createdAt', cursor: null });
    expect((screen.getByRole('radio', { name: 'Nieuwste' }) as HTMLInputElement).checked).toBe(true);
    // Showing the new post is not the member's choice: the stored order stays, no event is sent.
    expect(JSON.parse(localStorage.getItem('sharedSortOrder/posts') ?? 'null')).toBe('points');
    expect(track).not.toHaveBeenCalled();
    // The editor closed; focus is back on its button.
    expect(screen.queryByRole('textbox', { name: /Titel/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nieuw bericht' }));
  });

  it('keeps the text with the Dutch error when posting fails, and closes on Escape', async () => {
    fakeApi(fetchMock, {
      listPosts: () => page([1]),
      createPost: () => jsonResponse({ error: { code: 'RATE_LIMITED' } }, 429),
    });
    renderWithProviders(<Timeline />);
    await screen.findByRole('heading', { name: 'Bericht 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Nieuw bericht' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Titel/ }), 'Mijn vraag');
    await userEvent.type(screen.getByRole('textbox', { name: /^Bericht/ }), 'Wie weet het?');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Je gaat even te snel. Probeer het over een paar minuten opnieuw.',
    );
    expect((screen.getByRole('textbox', { name: /Titel/ }) as HTMLInputElement).value).toBe('Mijn vraag');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /Titel/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nieuw bericht' }));
  });

  it('shows the Dutch error when the timeline cannot be loaded', async () => {
    fakeApi(fetchMock, { listPosts: () => jsonResponse({ error: { code: 'INTERNAL' } }, 500) });
    renderWithProviders(<Timeline />);
    expect((await screen.findByRole('alert')).textContent).toBe('De tijdlijn kon niet worden geladen.');
  });

  it('says there are no posts yet', async () => {
    fakeApi(fetchMock, { listPosts: () => page([]) });
    renderWithProviders(<Timeline />);
    expect(await screen.findByText('Er zijn nog geen berichten.')).toBeTruthy();
  });
});
