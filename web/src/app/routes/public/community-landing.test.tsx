import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContentStore, ContentStoreContext } from '../../../features/content/api/get-content.ts';
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
});
