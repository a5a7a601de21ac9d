import type { MemberListItem } from '@kring/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import AdminMembersPage from './members.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
vi.mock('../../../lib/auth.tsx', () => ({ useAccount: () => ({ data: { role: 3 } }) }));
const fetchMock = stubFetchPerTest();

const member = (uid: string, firstName: string): MemberListItem => ({
  uid,
  firstName,
  lastName: 'Jansen',
  email: `${uid}@example.nl`,
  profileName: null,
  role: 1,
  state: 'active',
  memberSince: '2026-01-02T00:00:00.000Z',
  expiresAt: null,
  comp: null,
});

/** What each listMembersAdmin call asked, and the answers in turn. */
const asked: Record<string, unknown>[] = [];
let answers: Response[];
beforeEach(() => {
  asked.length = 0;
  fetchMock.mockImplementation(async (_url, init) => {
    asked.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return answers.shift() ?? jsonResponse({ error: { code: 'INTERNAL' } }, 500);
  });
});

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('/beheer/leden', () => {
  it('appends the next page with the same query, and a new filter starts a fresh list', async () => {
    answers = [
      jsonResponse({ items: [member('a', 'Anna'), member('b', 'Bram')], nextCursor: 'c2' }),
      jsonResponse({ items: [member('c', 'Cas')], nextCursor: null }),
      jsonResponse({ items: [member('d', 'Dirk')], nextCursor: null }),
      jsonResponse({ items: [], nextCursor: null }),
    ];
    renderWithProviders(<AdminMembersPage />);
    expect(await screen.findByText('Bram Jansen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Cas Jansen')).toBeTruthy();
    expect(names()).toEqual(['Anna Jansen', 'Bram Jansen', 'Cas Jansen']);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Verlopen');
    expect(await screen.findByText('Dirk Jansen')).toBeTruthy();
    expect(names()).toEqual(['Dirk Jansen']);

    await userEvent.type(screen.getByLabelText('Zoek op naam of e-mailadres'), ' xyz ');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Geen leden gevonden.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(asked).toEqual([
      { q: '', state: null, sort: 'name', pageSize: 25, cursor: null },
      { q: '', state: null, sort: 'name', pageSize: 25, cursor: 'c2' },
      { q: '', state: 'expired', sort: 'name', pageSize: 25, cursor: null },
      { q: 'xyz', state: 'expired', sort: 'name', pageSize: 25, cursor: null },
    ]);
  });

  it("says 'Laden is niet gelukt' when the list cannot load, and drops it once a new query loads", async () => {
    answers = [
      jsonResponse({ error: { code: 'INTERNAL' } }, 500),
      jsonResponse({ items: [member('a', 'Anna')], nextCursor: null }),
    ];
    renderWithProviders(<AdminMembersPage />);
    expect(await screen.findByText('Laden is niet gelukt. Probeer het opnieuw.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Sorteren'), 'newest');
    expect(await screen.findByText('Anna Jansen')).toBeTruthy();
    expect(screen.queryByText('Laden is niet gelukt. Probeer het opnieuw.')).toBeNull();
  });
});
