import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PaymentProblemBanner } from './payment-problem-banner.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  assign.mockReset();
});

const problem = {
  problem: {
    reason: 'Je hebt de incasso bij je bank laten terugboeken.',
    accessUntil: '2027-01-12T10:00:00Z',
    amount: { value: '9.95', currency: 'EUR' },
  },
};

describe('PaymentProblemBanner', () => {
  it("says why and until when, and 'Nu betalen' opens the checkout", async () => {
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(
        String(url).endsWith('/payMissedPeriod')
          ? { checkoutUrl: 'http://127.0.0.1:8445/checkout/tr_abc', paymentId: 'tr_abc' }
          : problem,
      ),
    );
    renderWithProviders(<PaymentProblemBanner enabled />);
    expect(await screen.findByRole('heading', { name: 'Je laatste betaling is niet gelukt' })).toBeTruthy();
    expect(screen.getByText('Reden: Je hebt de incasso bij je bank laten terugboeken.')).toBeTruthy();
    expect(screen.getByText(/Je houdt toegang tot 12 januari 2027\. Betaal € 9,95 met iDEAL/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nu betalen' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8445/checkout/tr_abc'));
  });

  it('shows nothing without an outstanding failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ problem: null }));
    const { container } = renderWithProviders(<PaymentProblemBanner enabled />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
