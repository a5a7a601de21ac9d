import type { Profile } from '@kring/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture } from '../../../test/fixtures.ts';
import { jsonResponse, LocationProbe, renderWithProviders } from '../../../test/render.tsx';
import { MembersList } from './members-list.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const openChatWith = vi.fn();
vi.mock('../../../lib/chat-panel.ts', () => ({ openChatWith: (id: number) => openChatWith(id) }));
// Signed in as anna (profile 7).
vi.mock('../../../lib/auth.tsx', () => ({
  useAccount: () => ({ data: { profile: { id: 7 } }, refresh: async () => undefined }),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  openChatWith.mockReset();
});

const anna = profileFixture({ id: 7, name: 'anna', karmaPoints: 1 });
const sanne = profileFixture({ id: 2, name: 'sanne', role: 2, occupation: 'Huisarts', karmaPoints: 12 });
const joris = profileFixture({ id: 3, name: 'joris', occupation: 'Docent', karmaPoints: 0 });

type ListInput = { order: string; pageSize: number; cursor: string | null };
const listCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/web/community/listUsers')
    .map(([, init]) => JSON.parse(String(init?.body)) as ListInput);

/** listUsers: `pages[order][cursor ?? '']`. */
function serve(pages: Record<string, Record<string, { items: Profile[]; nextCursor: string | null }>>) {
  fetchMock.mockImplementation(async (_url, init) => {
    const input = JSON.parse(String(init?.body)) as ListInput;
    const page = pages[input.order]?.[input.cursor ?? ''];
    return page ? jsonResponse(page) : jsonResponse({ error: { code: 'VALIDATION' } }, 400);
  });
}

describe('MembersList', () => {
  it('lists members newest first with avatar, name, badge, occupation and karma, linked to the profile', async () => {
    serve({ createdAt: { '': { items: [sanne, anna], nextCursor: null } } });
    renderWithProviders(<MembersList />, '/community/leden');
    const link = await screen.findByRole('link', { name: 'sanne' });
    expect(link.getAttribute('href')).toBe('/community/profiel/2');
    const row = link.closest('li') as HTMLElement;
    expect(within(row).getByText('Moderator')).toBeTruthy();
    expect(within(row).getByText('Huisarts')).toBeTruthy();
    expect(within(row).getByText('12 PUNTEN')).toBeTruthy();
    expect(row.querySelector('img')).toBeTruthy();
    expect(screen.getByText('1 PUNT')).toBeTruthy();
    expect(listCalls()).toEqual([{ order: 'createdAt', pageSize: 20, cursor: null }]);
    expect(screen.queryByRole('button', { name: 'Meer leden' })).toBeNull();
  });

  it("switching to 'Punten' asks listUsers by points and keeps the order in the address", async () => {
    serve({
      createdAt: { '': { items: [joris, sanne], nextCursor: null } },
      points: { '': { items: [sanne, joris], nextCursor: null } },
    });
    renderWithProviders(
      <>
        <MembersList />
        <LocationProbe />
      </>,
      '/community/leden',
    );
    await screen.findByRole('link', { name: 'joris' });
    expect(screen.getByRole('radio', { name: 'Nieuwste' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Punten' }));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ order: 'points', pageSize: 20, cursor: null }));
    await waitFor(() =>
      expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['sanne', 'joris']),
    );
    expect(screen.getByTestId('location').textContent).toBe('/community/leden?sorteer=punten');
  });

  it("'Meer leden' asks for the next cursor and adds that page; no button after the last page", async () => {
    serve({
      createdAt: {
        '': { items: [sanne], nextCursor: 'c2' },
        c2: { items: [joris, sanne], nextCursor: null },
      },
    });
    renderWithProviders(<MembersList />, '/community/leden');
    await userEvent.click(await screen.findByRole('button', { name: 'Meer leden' }));
    await screen.findByRole('link', { name: 'joris' });
    expect(listCalls().at(-1)).toEqual({ order: 'createdAt', pageSize: 20, cursor: 'c2' });
    // sanne came back on page 2 (her points moved): shown once.
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['sanne', 'joris']);
    // The keyboard continues at the first member of the new page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'joris' })));
    expect(screen.queryByRole('button', { name: 'Meer leden' })).toBeNull();
  });

  it("offers 'Stuur een bericht' to others only, which opens the chat with that member", async () => {
    serve({ createdAt: { '': { items: [anna, sanne, joris], nextCursor: null } } });
    renderWithProviders(<MembersList />, '/community/leden');
    const annaRow = (await screen.findByRole('link', { name: 'anna' })).closest('li') as HTMLElement;
    expect(within(annaRow).queryByRole('button')).toBeNull();
    expect(within(annaRow).getByText('(jij)')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /^Stuur een bericht/ });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Stuur een bericht aan sanne',
      'Stuur een bericht aan joris',
    ]);
    await userEvent.click(buttons[1] as HTMLElement);
    expect(openChatWith).toHaveBeenCalledWith(3);
  });

  it('says so in Dutch when the list cannot be loaded, and tries again', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'INTERNAL' } }, 500));
    renderWithProviders(<MembersList />, '/community/leden');
    expect((await screen.findByRole('alert')).textContent).toBe('De leden konden niet worden geladen.');
    serve({ createdAt: { '': { items: [sanne], nextCursor: null } } });
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: 'sanne' })).toBeTruthy();
  });
});
