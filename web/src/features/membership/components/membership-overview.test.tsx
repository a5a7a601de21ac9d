import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { MembershipOverview } from './membership-overview.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const status = {
  status: 'active',
  subscribedAt: '2026-01-05T10:00:00Z',
  renewedAt: null,
  canceledAt: null,
  expiresAt: '2027-01-05T10:00:00Z',
  expiredAt: null,
};

describe('MembershipOverview', () => {
  it('shows a complimentary membership with its last day and no pay, cancel or resume buttons', async () => {
    // Given after the member cancelled: the paid period still runs underneath.
    const comp = { kind: 'erelid', until: '2027-12-31T23:00:00.000Z' };
    fetchMock.mockResolvedValue(
      jsonResponse({ ...status, status: 'canceled', canceledAt: '2026-06-01T10:00:00Z', comp }),
    );
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    expect((await screen.findByTestId('membership-status')).textContent).toBe(
      'Erelidmaatschap tot 31 december 2027',
    );
    expect(screen.getByTestId('membership-next').textContent).toContain('je betaalt niets');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Toegang tot')).toBeNull();
  });

  it('shows the dates in Dutch and the next payment of an active membership', async () => {
    fetchMock.mockResolvedValue(jsonResponse(status));
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    expect((await screen.findByTestId('membership-next')).textContent).toBe(
      'Je lidmaatschap loopt automatisch door. De volgende betaling is op 5 januari 2027.',
    );
    expect(screen.getByText('Lid sinds').nextElementSibling?.textContent).toBe('5 januari 2026');
    expect(screen.getByText('Volgende betaling').nextElementSibling?.textContent).toBe('5 januari 2027');
  });

  it('says until when a cancelled membership gives access', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ ...status, status: 'canceled', canceledAt: '2026-06-01T10:00:00Z' }),
    );
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    expect((await screen.findByTestId('membership-next')).textContent).toBe(
      'Je hebt opgezegd: er wordt niets meer afgeschreven. Je houdt toegang tot 5 januari 2027.',
    );
    expect(screen.getByText('Toegang tot').nextElementSibling?.textContent).toBe('5 januari 2027');
    expect(screen.queryByRole('button', { name: 'Lidmaatschap opzeggen' })).toBeNull();
  });

  it("offers 'Opzegging intrekken' before the end date and shows the renewing membership after it", async () => {
    const canceled = { ...status, status: 'canceled', canceledAt: '2026-06-01T10:00:00Z' };
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(String(url).endsWith('/resumeSubscription') ? status : canceled),
    );
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Opzegging intrekken' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Je opzegging is ingetrokken. Je lidmaatschap loopt weer automatisch door.',
    );
    expect(screen.getByTestId('membership-status').textContent).toBe('Actief');
    expect(screen.queryByRole('button', { name: 'Opzegging intrekken' })).toBeNull();
  });

  it("does not offer 'Opzegging intrekken' once the paid period is over", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        ...status,
        status: 'canceled',
        canceledAt: '2025-06-01T10:00:00Z',
        expiresAt: '2026-01-05T10:00:00Z',
      }),
    );
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    await screen.findByTestId('membership-status');
    expect(screen.queryByRole('button', { name: 'Opzegging intrekken' })).toBeNull();
  });

  it("offers 'Betaalmethode wijzigen' to a renewing member", async () => {
    fetchMock.mockResolvedValue(jsonResponse(status));
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    expect(await screen.findByRole('button', { name: 'Betaalmethode wijzigen' })).toBeTruthy();
  });

  it('makes no next-payment promise while a failed renewal is outstanding', async () => {
    const problem = {
      problem: {
        reason: 'Er stond niet genoeg saldo op de rekening.',
        accessUntil: '2027-01-12T10:00:00Z',
        amount: { value: '9.95', currency: 'EUR' },
      },
    };
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(String(url).endsWith('/getPaymentProblem') ? problem : status),
    );
    renderWithProviders(<MembershipOverview onChanged={async () => undefined} />);
    expect((await screen.findByText('Betaald tot')).nextElementSibling?.textContent).toBe('5 januari 2027');
    expect(screen.queryByText('Volgende betaling')).toBeNull();
    expect(screen.queryByTestId('membership-next')).toBeNull();
  });
});
