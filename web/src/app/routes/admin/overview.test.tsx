import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import AdminOverviewPage from './overview.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
vi.mock('../../../lib/auth.tsx', () => ({ useAccount: () => ({ data: { role: 3 } }) }));
const fetchMock = stubFetchPerTest();

const month = (m: string, payingMembers: number, mrrCents: number) => ({
  month: m,
  at: `${m}-28T22:00:00.000Z`,
  payingMembers,
  mrrCents,
});
const overview = {
  at: '2026-03-10T09:00:00.000Z',
  states: {
    active: 12,
    grace: 0,
    comp: 1,
    noMembership: 2,
    cancelledRunning: 0,
    expired: 3,
    pending: 0,
    suspended: 0,
  },
  payingMembers: 12,
  mrrCents: 123456,
  last30Days: { new: 2, cancelled: 0, expired: 1 },
  openFailedRenewals: { count: 0, amountCents: 0 },
  openReports: 0,
  history: [month('2026-01', 10, 9950), month('2026-02', 11, 100000), month('2026-03', 12, 123456)],
};

describe('/beheer overview history', () => {
  it('draws paying members and MRR, each labelled with its first and last month in its own unit', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(overview));
    renderWithProviders(<AdminOverviewPage />);
    const paying = await screen.findByRole('img', {
      name: 'Betalende leden per maand, van 10 in januari 2026 tot 12 in maart 2026',
    });
    const mrr = screen.getByRole('img', {
      name: /^Maandelijkse inkomsten per maand, van €\s99,50 in januari 2026 tot €\s1\.234,56 in maart 2026$/,
    });
    /** Texts with Intl's no-break space as a plain space. */
    const texts = (els: NodeListOf<Element>) =>
      Array.from(els).map((el) => el.textContent?.replace(/\u00a0/g, ' '));
    const axis = (chart: Element) => texts(chart.querySelectorAll('text[text-anchor="end"]'));
    expect(axis(paying)).toEqual(['0', '5', '10', '15', '20']);
    // Whole euros on the MRR axis, cents in each bar's title.
    expect(axis(mrr)).toEqual(['€ 0', '€ 500', '€ 1.000', '€ 1.500', '€ 2.000']);
    expect(texts(mrr.querySelectorAll('rect title'))).toEqual([
      'januari 2026: € 99,50',
      'februari 2026: € 1.000,00',
      'maart 2026: € 1.234,56',
    ]);
  });
});
