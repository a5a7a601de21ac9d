import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PaymentHistory } from './payment-history.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const paid = {
  id: 'tr_paid',
  date: '2026-11-02T10:00:00Z',
  periodStart: '2026-11-02T10:00:00Z',
  periodEnd: '2026-12-02T10:00:00Z',
  amountCents: 995,
  currency: 'EUR',
  method: 'directdebit',
  status: 'paid',
  refundedCents: 0,
  chargedBackCents: 0,
  planName: 'Maandelijks',
  refunds: [],
  documents: [{ number: 'KR-000007', kind: 'invoice', totalCents: 995 }],
};
const refunded = {
  ...paid,
  id: 'tr_refunded',
  date: '2026-10-02T10:00:00Z',
  periodStart: null,
  periodEnd: null,
  method: 'ideal',
  refundedCents: 995,
  // Refunded before Kring kept refunds (0020): only the amount is known.
  documents: [
    { number: 'KR-000003', kind: 'invoice', totalCents: 995 },
    { number: 'KR-000005', kind: 'credit_note', totalCents: -995 },
  ],
};
/** Half refunded by an admin: the refund with Mollie's status, and its creditnota. */
const partly = {
  ...paid,
  id: 'tr_partly',
  refundedCents: 498,
  refunds: [{ id: 're_1', amountCents: 498, status: 'pending', createdAt: '2026-11-20T09:00:00Z' }],
  documents: [
    { number: 'KR-000008', kind: 'invoice', totalCents: 995 },
    { number: 'KR-000009', kind: 'credit_note', totalCents: -498 },
  ],
};
const failed = {
  ...paid,
  id: 'tr_failed',
  date: '2026-09-02T10:00:00Z',
  periodStart: null,
  periodEnd: null,
  status: 'failed',
  documents: [],
};

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as unknown;

describe('PaymentHistory', () => {
  it('lists every payment with date, amount, method, status, period and refund, each with its documents', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ payments: [paid, refunded, failed] }));
    renderWithProviders(<PaymentHistory />);
    const items = await screen.findAllByTestId('payment');
    expect(items).toHaveLength(3);
    const text = (i: number) => items[i]!.textContent!.replace(/\s/g, ' ');
    expect(text(0)).toContain('2 november 2026');
    expect(text(0)).toContain('€ 9,95');
    expect(text(0)).toContain('Maandelijks · Betaald · SEPA-incasso');
    expect(text(0)).toContain('Periode: 2 november 2026 tot 2 december 2026');
    expect(within(items[0]!).getByRole('button', { name: 'Factuur KR-000007' })).toBeTruthy();
    expect(text(1)).toContain('€ 9,95 terugbetaald');
    expect(within(items[1]!).getByRole('button', { name: 'Creditnota KR-000005' })).toBeTruthy();
    expect(text(2)).toContain('Mislukt');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/web/billing/listMyPayments');
  });

  it('shows each refund with its amount, date and Mollie status instead of the bare total', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ payments: [partly] }));
    renderWithProviders(<PaymentHistory />);
    const [item] = await screen.findAllByTestId('payment');
    const text = item!.textContent!.replace(/\s/g, ' ');
    expect(text).toContain('Terugbetaling € 4,98 op 20 november 2026: in behandeling');
    expect(text).not.toContain('€ 4,98 terugbetaald');
    expect(within(item!).getByRole('button', { name: 'Creditnota KR-000009' })).toBeTruthy();
  });

  it('names a positive credit document a herstelfactuur (a refund that failed after its creditnota)', async () => {
    const undone = {
      ...partly,
      refundedCents: 0,
      refunds: [{ id: 're_1', amountCents: 498, status: 'failed', createdAt: '2026-11-20T09:00:00Z' }],
      documents: [...partly.documents, { number: 'KR-000010', kind: 'credit_note', totalCents: 498 }],
    };
    fetchMock.mockResolvedValue(jsonResponse({ payments: [undone] }));
    renderWithProviders(<PaymentHistory />);
    const [item] = await screen.findAllByTestId('payment');
    expect(
      within(item!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Factuur KR-000008', 'Creditnota KR-000009', 'Herstelfactuur KR-000010']);
  });

  it('downloads the receipt the server sent as a PDF file with its name', async () => {
    const pdf = '%PDF-1.3 test';
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/getReceipt')
        ? jsonResponse({ fileName: 'kring-factuur-KR-000007.pdf', contentBase64: btoa(pdf), sha256: 'x' })
        : jsonResponse({ payments: [paid] }),
    );
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:pdf';
      },
      revokeObjectURL() {},
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<PaymentHistory />);
    await userEvent.click(await screen.findByRole('button', { name: 'Factuur KR-000007' }));
    await vi.waitFor(() => expect(clicked).toEqual(['kring-factuur-KR-000007.pdf']));
    expect(bodyOf(fetchMock.mock.calls[1]![1])).toEqual({ number: 'KR-000007' });
    expect(blobs[0]!.type).toBe('application/pdf');
    expect(await blobs[0]!.text()).toBe(pdf);
  });

  it('says so when there are no payments, and when they cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ payments: [] }));
    const { unmount } = renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText('Nog geen betalingen.')).toBeTruthy();
    unmount();
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'FORBIDDEN' } }, 403));
    renderWithProviders(<PaymentHistory />);
    expect(await screen.findByText('Je betalingen konden niet worden geladen.')).toBeTruthy();
  });
});
