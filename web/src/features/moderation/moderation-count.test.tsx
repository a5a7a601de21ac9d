import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../test/fetch-mock.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ModerationCount } from './moderation-count.tsx';

vi.mock('../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

describe('ModerationCount', () => {
  it('links to the queue and says how many items have open reports', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ count: 3 }));
    renderWithProviders(<ModerationCount />);
    const link = await screen.findByRole('link', { name: 'Moderatie: 3 open meldingen' });
    expect(link.getAttribute('href')).toBe('/community/moderatie');
    expect(screen.getByTestId('count-bubble').textContent).toBe('3');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/web/community/countOpenReportsModerator');
  });

  it('shows no bubble when nothing is open', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ count: 0 }));
    renderWithProviders(<ModerationCount />);
    await screen.findByRole('link', { name: 'Moderatie: 0 open meldingen' });
    expect(screen.queryByTestId('count-bubble')).toBeNull();
  });
});
