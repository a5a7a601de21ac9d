import type { SearchHit } from '@kring/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { SearchResults } from './search-results.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));

const fetchMock = stubFetchPerTest();

const author = { id: 2, name: 'sanne', role: 1 as const, karmaPoints: 3, avatarUrl: null };
const post: SearchHit = {
  kind: 'post',
  id: 12,
  title: [
    { text: 'Nieuwe ', mark: false },
    { text: 'tarieven', mark: true },
  ],
  snippet: [
    { text: 'Het ', mark: false },
    { text: 'tarief', mark: true },
    { text: ' gaat <b>omhoog</b>.', mark: false },
  ],
  author,
  commentCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  removed: false,
};
const article: SearchHit = {
  kind: 'article',
  slug: 'zo-bepaal-je-een-eerlijk-uurtarief',
  title: [{ text: 'Zo bepaal je een eerlijk uurtarief', mark: false }],
  snippet: [
    { text: 'Een ', mark: false },
    { text: 'tarief', mark: true },
  ],
  publishedAt: '2026-10-01T00:00:00.000Z',
};
const comment: SearchHit = {
  kind: 'comment',
  id: 40,
  postId: 12,
  postTitle: 'Nieuwe tarieven',
  snippet: [{ text: 'Eens', mark: false }],
  author,
  createdAt: '2026-11-01T11:00:00.000Z',
  removed: false,
};
const inputs = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

describe('SearchResults', () => {
  it('lists posts and articles best first with the matched words in <mark>, as text, and links to them', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [post, article], nextCursor: null, fuzzy: false }));
    renderWithProviders(<SearchResults q="tarieven" />);
    const list = await screen.findByTestId('search-results');
    await within(list).findByRole('link', { name: 'Nieuwe tarieven' });
    const marks = [...list.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['tarieven', 'tarief', 'tarief']);
    // Text from members stays text: no element is made of it.
    expect(list.querySelector('b')).toBeNull();
    expect(list.textContent).toContain('gaat <b>omhoog</b>.');
    expect(within(list).getByRole('link', { name: 'Nieuwe tarieven' }).getAttribute('href')).toBe(
      '/community/bericht/12',
    );
    expect(
      within(list).getByRole('link', { name: 'Zo bepaal je een eerlijk uurtarief' }).getAttribute('href'),
    ).toBe('/kennisbank/zo-bepaal-je-een-eerlijk-uurtarief');
    expect(inputs()).toEqual([{ q: 'tarieven', kind: 'all', cursor: null, pageSize: 20 }]);
  });

  it('switches tabs and loads more by cursor', async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const input = JSON.parse(String(init?.body)) as { kind: string; cursor: string | null };
      if (input.kind === 'comments')
        return jsonResponse({ items: [comment], nextCursor: null, fuzzy: false });
      return input.cursor === 'c2'
        ? jsonResponse({ items: [article], nextCursor: null, fuzzy: false })
        : jsonResponse({ items: [post], nextCursor: 'c2', fuzzy: false });
    });
    renderWithProviders(<SearchResults q="tarieven" />);
    await screen.findByRole('link', { name: 'Nieuwe tarieven' });
    await userEvent.click(screen.getByRole('button', { name: 'Meer resultaten' }));
    await screen.findByRole('link', { name: 'Zo bepaal je een eerlijk uurtarief' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Meer resultaten' })).toBeNull();

    const tab = screen.getByRole('button', { name: 'Reacties' });
    await userEvent.click(tab);
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    const link = await screen.findByRole('link', { name: 'Reactie bij "Nieuwe tarieven"' });
    expect(link.getAttribute('href')).toBe('/community/bericht/12?showComment=40');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(inputs().at(-1)).toEqual({ q: 'tarieven', kind: 'comments', cursor: null, pageSize: 20 });
  });

  it('says when nothing was found, and when the results are only alike', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ items: [], nextCursor: null, fuzzy: false }));
    const view = renderWithProviders(<SearchResults q="xyzzy" />);
    expect(await screen.findByText('Niets gevonden voor "xyzzy".')).toBeTruthy();
    view.unmount();
    fetchMock.mockResolvedValueOnce(jsonResponse({ items: [post], nextCursor: null, fuzzy: true }));
    renderWithProviders(<SearchResults q="tarievn" />);
    expect(await screen.findByText('Geen exacte treffers. Bedoelde je een van deze?')).toBeTruthy();
  });
});
