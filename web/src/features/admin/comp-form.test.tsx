import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { CompSection } from './comp-form.tsx';
import { LogEntries } from './log-entries.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the comp membership section on the admin member page', () => {
  it('shows the running one by its last day, and sends a grant only after the confirmation', async () => {
    const onDone = vi.fn();
    fetchMock.mockResolvedValue(
      jsonResponse({ comp: { kind: 'bestuur', until: '2028-06-30T22:00:00.000Z' } }),
    );
    renderWithProviders(
      <CompSection
        uid="u1"
        name="joris Demo"
        comp={{ kind: 'erelid', until: '2027-12-31T23:00:00.000Z' }}
        onDone={onDone}
      />,
    );
    expect(screen.getByTestId('comp-section').textContent).toContain(
      'Erelidmaatschap tot en met 31 december 2027',
    );
    const grant = screen.getByRole('form', { name: 'Gratis lidmaatschap geven' });
    fireEvent.change(screen.getByLabelText('Soort'), { target: { value: 'bestuur' } });
    fireEvent.change(screen.getByLabelText('Tot en met'), { target: { value: '2028-06-30' } });
    fireEvent.change(screen.getAllByLabelText(/Reden \(komt in het logboek\)/)[0]!, {
      target: { value: 'Penningmeester' },
    });
    fireEvent.submit(grant);
    expect(
      await screen.findByText(/joris Demo krijgt bestuurslidmaatschap tot en met 30 juni 2028/),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Ja, doorgaan' })[0]!);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Het gratis lidmaatschap is vastgelegd.'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/web\/community\/grantCompMembershipAdmin$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      uid: 'u1',
      kind: 'bestuur',
      until: '2028-06-30',
      reason: 'Penningmeester',
    });
  });

  it('log lines say the kind and last day', () => {
    renderWithProviders(
      <LogEntries
        items={[
          {
            id: 'a1',
            source: 'admin',
            action: 'GRANT_COMP',
            actorName: 'Ans Demo',
            subjectUid: 'u1',
            subjectName: 'joris Demo',
            reason: 'Dertig jaar secretaris',
            details: { kind: 'erelid', until: '2027-12-31' },
            createdAt: '2026-11-26T19:00:00Z',
          },
        ]}
      />,
    );
    expect(screen.getByTestId('admin-log').textContent).toContain(
      'Ans Demo legde een gratis lidmaatschap vast over joris Demo (Erelidmaatschap tot en met 31 december 2027) · Reden: Dertig jaar secretaris',
    );
  });
});
