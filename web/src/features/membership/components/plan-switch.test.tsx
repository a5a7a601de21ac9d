import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlans } from '../../../lib/api/list-plans.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PlanSwitch } from './plan-switch.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  resetPlans();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const plans = [
  {
    id: 'maandelijks',
    name: 'Maandelijks',
    interval: '1 month',
    priceCents: 995,
    currency: 'EUR',
    vatRateBp: 2100,
    vatExemption: null,
  },
  {
    id: 'jaarlijks',
    name: 'Jaarlijks',
    interval: '12 months',
    priceCents: 9900,
    currency: 'EUR',
    vatRateBp: 2100,
    vatExemption: null,
  },
];
const answers = (status: string, calls: { url: string; body: unknown }[], switchAnswer?: Response) =>
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    calls.push({ url: path, body: JSON.parse(String(init?.body ?? '{}')) });
    if (path.endsWith('/listPlans')) return jsonResponse({ plans });
    if (path.endsWith('/getSubscriptionStatus'))
      return jsonResponse({
        status,
        subscribedAt: null,
        renewedAt: null,
        canceledAt: null,
        expiresAt: '2026-12-26T10:00:00Z',
        expiredAt: null,
      });
    if (path.endsWith('/switchPlan'))
      return switchAnswer ?? jsonResponse({ planId: 'jaarlijks', effectiveFrom: '2026-12-26T10:00:00Z' });
    return jsonResponse({
      payments: [],
      plan: { id: 'maandelijks', name: 'Maandelijks', interval: '1 month', priceCents: 995 },
      priceNotice: { newPriceCents: 1095, effectiveFrom: '2027-01-26T10:00:00Z' },
    });
  });

describe('PlanSwitch', () => {
  it('shows the plan, the announced price, and switches from the next period', async () => {
    const calls: { url: string; body: unknown }[] = [];
    answers('active', calls);
    renderWithProviders(<PlanSwitch />);
    expect((await screen.findByText(/^Je abonnement:/)).textContent?.replace(/\s/g, ' ')).toBe(
      'Je abonnement: Maandelijks, € 9,95 per maand.',
    );
    expect(screen.getByText(/^Vanaf 26 januari 2027 wordt de prijs/).textContent?.replace(/\s/g, ' ')).toBe(
      'Vanaf 26 januari 2027 wordt de prijs € 10,95.',
    );
    await screen.findByRole('option', { name: /^Jaarlijks:/ });
    await userEvent.click(screen.getByRole('button', { name: 'Wijzig vanaf de volgende periode' }));
    expect(
      await screen.findByText('Vanaf 26 december 2026 loopt je lidmaatschap door als Jaarlijks.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/switchPlan'))?.body).toEqual({ planId: 'jaarlijks' });
  });

  it('says the prices failed and offers "Opnieuw proberen", which asks again and shows the choice', async () => {
    answers('active', []);
    const planned = fetchMock.getMockImplementation()!;
    let failPlans = true;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/listPlans') && failPlans) return new Response('down', { status: 503 });
      return planned(url, init);
    });
    renderWithProviders(<PlanSwitch />);
    expect((await screen.findByRole('alert')).textContent).toBe('De prijzen konden niet worden geladen.');
    failPlans = false;
    const retry = screen.getByRole('button', { name: 'Opnieuw proberen' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    const select = await screen.findByRole('combobox', { name: 'Ander abonnement' });
    await vi.waitFor(() =>
      expect(select.textContent?.replace(/\s/g, ' ')).toBe('Jaarlijks: € 99,00 per jaar'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // The focus the retry button had goes to the choice it brought, not to the page's body.
    expect(document.activeElement).toBe(select);
  });

  it('while the prices load, holds the switch’s place, disabled, saying so', async () => {
    answers('active', []);
    const planned = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      String(url).endsWith('/listPlans') ? new Promise<Response>(() => {}) : planned(url, init),
    );
    renderWithProviders(<PlanSwitch />);
    const select = await screen.findByRole('combobox', { name: 'Ander abonnement' });
    expect(select.textContent).toBe('Prijzen worden geladen…');
    expect((select as HTMLSelectElement).disabled).toBe(true);
    const button = screen.getByRole('button', {
      name: 'Wijzig vanaf de volgende periode',
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('offers no switch when the membership does not renew', async () => {
    answers('canceled', []);
    renderWithProviders(<PlanSwitch />);
    expect(await screen.findByText(/^Je abonnement:/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Wijzig vanaf de volgende periode' })).toBeNull();
  });

  it('says why when a renewal is on its way (409 RENEWAL_IN_PROGRESS)', async () => {
    answers('active', [], jsonResponse({ error: { code: 'CONFLICT', reason: 'RENEWAL_IN_PROGRESS' } }, 409));
    renderWithProviders(<PlanSwitch />);
    await screen.findByRole('option', { name: /^Jaarlijks:/ });
    await userEvent.click(screen.getByRole('button', { name: 'Wijzig vanaf de volgende periode' }));
    expect(await screen.findByText(/^Je volgende betaling is al onderweg\./)).toBeTruthy();
  });
});
