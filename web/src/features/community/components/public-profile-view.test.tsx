import type { Comment, Post } from '@kring/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PublicProfileView } from './public-profile-view.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const openChatWith = vi.fn();
vi.mock('../../../lib/chat-panel.ts', () => ({ openChatWith: (id: number) => openChatWith(id) }));
let myProfileId = 7;
vi.mock('../../../lib/auth.tsx', () => ({
  useAccount: () => ({ data: { profile: { id: myProfileId } }, refresh: async () => undefined }),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  myProfileId = 7;
  blocked = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  openChatWith.mockReset();
});

const sanne = profileFixture({ id: 2, name: 'sanne', occupation: 'Huisarts', karmaPoints: 12 });
const author = { id: 2, name: 'sanne', role: 1 as const, karmaPoints: 12, avatarUrl: null };
const post = (id: number, title: string) =>
  ({ id, title, points: 1, commentCount: 2, createdAt: '2026-03-03T10:00:00Z', author }) as Post;
const comment = (id: number, content: string) =>
  ({
    id,
    postId: 40,
    content,
    points: 0,
    createdAt: '2026-03-04T10:00:00Z',
    author,
    postTitle: 'Tarieven 2027',
  }) as Comment & { postTitle: string };

type Input = { id: number; postsCursor: string | null; commentsCursor: string | null };
const inputs = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/web/community/getPublicProfile')
    .map(([, init]) => JSON.parse(String(init?.body)) as Input);

let blocked: { id: number; name: string; role: number; karmaPoints: number; avatarUrl: null }[] = [];

/** getPublicProfile by cursors: the first page, page 2 of posts (p2) and of comments (c2). */
function serve() {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === '/web/community/listBlockedUsers') return jsonResponse({ users: blocked });
    if (String(url) === '/web/community/blockUser') {
      blocked = [{ id: 2, name: 'sanne', role: 1, karmaPoints: 12, avatarUrl: null }];
      return jsonResponse({ ok: true });
    }
    if (String(url) === '/web/community/unblockUser') {
      blocked = [];
      return jsonResponse({ ok: true });
    }
    const input = JSON.parse(String(init?.body)) as Input;
    const posts =
      input.postsCursor === 'p2'
        ? { posts: [post(11, 'Oudere vraag'), post(10, 'Welkom')], postsNextCursor: null }
        : { posts: [post(12, 'Nieuwe vraag'), post(11, 'Oudere vraag')], postsNextCursor: 'p2' };
    const comments =
      input.commentsCursor === 'c2'
        ? { comments: [comment(21, 'Eerste reactie')], commentsNextCursor: null }
        : { comments: [comment(22, 'Tweede reactie')], commentsNextCursor: 'c2' };
    return jsonResponse({ profile: sanne, ...posts, ...comments });
  });
}

const sectionOf = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;

describe('PublicProfileView', () => {
  it("shows the member with their first posts and comments and 'Stuur een bericht'", async () => {
    serve();
    renderWithProviders(<PublicProfileView id={2} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'sanne' })).toBeTruthy();
    expect(screen.getByText('Huisarts')).toBeTruthy();
    expect(screen.getByText(/^12 PUNTEN · Lid sinds/)).toBeTruthy();
    expect(
      within(sectionOf('Berichten')).getByRole('link', { name: 'Nieuwe vraag' }).getAttribute('href'),
    ).toBe('/community/bericht/12');
    expect(
      within(sectionOf('Reacties')).getByRole('link', { name: 'Bij: Tarieven 2027' }).getAttribute('href'),
    ).toBe('/community/bericht/40?showComment=22');
    expect(inputs()).toEqual([{ id: 2, postsCursor: null, commentsCursor: null }]);

    await userEvent.click(screen.getByRole('button', { name: 'Stuur een bericht' }));
    expect(openChatWith).toHaveBeenCalledWith(2);
  });

  it("pages posts with 'Meer berichten' and comments with 'Meer reacties' on their own cursors", async () => {
    serve();
    renderWithProviders(<PublicProfileView id={2} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Meer berichten' }));
    await waitFor(() =>
      expect(
        within(sectionOf('Berichten'))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Nieuwe vraag', 'Oudere vraag', 'Welkom']),
    );
    expect(inputs().at(-1)).toEqual({ id: 2, postsCursor: 'p2', commentsCursor: null });
    expect(screen.queryByRole('button', { name: 'Meer berichten' })).toBeNull();
    // The keyboard continues at the first new post.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Welkom'));

    await userEvent.click(screen.getByRole('button', { name: 'Meer reacties' }));
    await waitFor(() => expect(within(sectionOf('Reacties')).getByText('Eerste reactie')).toBeTruthy());
    expect(inputs().at(-1)).toEqual({ id: 2, postsCursor: null, commentsCursor: 'c2' });
    expect(within(sectionOf('Reacties')).getByText('Tweede reactie')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Meer reacties' })).toBeNull();
    // The comments' page 2 did not replace the posts shown.
    expect(within(sectionOf('Berichten')).getAllByRole('link')).toHaveLength(3);
  });

  it("offers no 'Stuur een bericht' on your own profile, but the way to edit it", async () => {
    myProfileId = 2;
    serve();
    renderWithProviders(<PublicProfileView id={2} />);
    await screen.findByRole('heading', { level: 1, name: 'sanne' });
    expect(screen.queryByRole('button', { name: 'Stuur een bericht' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Profiel bewerken' }).getAttribute('href')).toBe(
      '/account/profiel',
    );
    expect(screen.queryByRole('button', { name: 'Blokkeren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Melden' })).toBeNull();
  });

  it('blocks the member in chat and then offers to unblock', async () => {
    serve();
    renderWithProviders(<PublicProfileView id={2} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Blokkeren' }));
    expect(await screen.findByRole('button', { name: 'Deblokkeren' })).toBeTruthy();
    expect(
      screen.getByText('Je hebt sanne geblokkeerd. sanne kan je geen berichten meer sturen.'),
    ).toBeTruthy();
    const blockCalls = fetchMock.mock.calls.filter(([url]) => String(url) === '/web/community/blockUser');
    expect(blockCalls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ profileId: 2 }]);
  });

  it('unblocks a blocked member with unblockUser and then offers to block again', async () => {
    blocked = [{ id: 2, name: 'sanne', role: 1, karmaPoints: 12, avatarUrl: null }];
    serve();
    renderWithProviders(<PublicProfileView id={2} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deblokkeren' }));
    expect(await screen.findByRole('button', { name: 'Blokkeren' })).toBeTruthy();
    const calls = fetchMock.mock.calls.filter(([url]) => /\/(un)?blockUser$/.test(String(url)));
    expect(calls.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
      ['/web/community/unblockUser', { profileId: 2 }],
    ]);
  });
});
