import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS_URL, resetPlans } from '../../../lib/api/list-plans.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { ContentStore, ContentStoreContext } from '../../content/api/get-content.ts';
import { PlanPrices } from './plan-prices.tsx';

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
    id: 'maand',
    name: 'Maand',
    interval: '1 month',
    priceCents: 995,
    currency: 'EUR',
    vatRateBp: 2100,
    vatExemption: null,
  },
];

/** PlanPrices in a browser store primed from a server page's snapshot, as app/main.tsx does. */
function renderPrimed(entries: Record<string, unknown>) {
  const store = new ContentStore();
  store.prime({ now: new Date().toISOString(), entries });
  return render(
    <ContentStoreContext.Provider value={store}>
      <PlanPrices />
    </ContentStoreContext.Provider>,
  );
}

describe('the prices on /community (issue 27)', () => {
  it("hydrate from the server's snapshot: shown in the first render, listPlans not asked", async () => {
    renderPrimed({ [PLANS_URL]: { plans } });
    expect(screen.getByTestId('plan-prices').textContent).toMatch(/Maand: €\s9,95 per maand/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the server had none (listPlans failed there): the app asks listPlans itself', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ plans }));
    renderPrimed({});
    expect(screen.getByText('Prijzen worden geladen…').hasAttribute('data-app-part')).toBe(true);
    expect((await screen.findByTestId('plan-prices')).textContent).toMatch(/Maand: €\s9,95 per maand/);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(PLANS_URL);
  });
});
