import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContentStore, ContentStoreContext } from '../../../features/content/api/get-content.ts';
import { PlanPrices } from '../../../features/payment/components/plan-prices.tsx';
import { PLANS_URL, resetPlans } from '../../../lib/api/list-plans.ts';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { monthlyPlanFixture } from '../../../test/fixtures.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import CommunityLandingPage from './community-landing.tsx';

const fetchMock = stubFetchPerTest();
beforeEach(() => resetPlans());

const plans = [monthlyPlanFixture()];

/** /community in a browser store primed from a server page's snapshot, as app/main.tsx does. */
function renderPrimed(entries: Record<string, unknown>) {
  const store = new ContentStore();
  store.prime({ now: new Date().toISOString(), entries: { '/web/content/homepage': null, ...entries } });
  return renderWithProviders(
    <ContentStoreContext.Provider value={store}>
      <CommunityLandingPage />
    </ContentStoreContext.Provider>,
    '/community',
  );
}

describe('the prices on /community (issue 27)', () => {
  it("hydrate from the server's snapshot: shown without asking listPlans", async () => {
    renderPrimed({ [PLANS_URL]: { plans } });
    expect((await screen.findByTestId('plan-prices')).textContent).toMatch(/Maand: €\s9,95 per maand/);
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(PLANS_URL))).toEqual(
      [],
    );
  });

  it('the server had none (listPlans failed there): the app asks listPlans itself', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ plans }));
    renderPrimed({});
    expect((await screen.findByText('Prijzen worden geladen…')).hasAttribute('data-app-part')).toBe(true);
    expect((await screen.findByTestId('plan-prices')).textContent).toMatch(/Maand: €\s9,95 per maand/);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(PLANS_URL);
  });

  it("a visitor who goes on to step 1 gets listPlans' current prices there, not the page's", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ plans: [monthlyPlanFixture({ priceCents: 1250 })] }),
    );
    renderPrimed({ [PLANS_URL]: { plans } });
    expect((await screen.findByTestId('plan-prices')).textContent).toMatch(/€\s9,95/);
    renderWithProviders(<PlanPrices />, '/aanmelden');
    await waitFor(() => expect(screen.getAllByTestId('plan-prices')[1]?.textContent).toMatch(/€\s12,50/));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes(PLANS_URL))).toHaveLength(1);
  });
});
