import { act, screen, waitFor } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { clearPreloaded, preloadFor } from './preload.ts';
import { useApi } from './use-api.ts';

vi.mock('./firebase.ts', () => ({ currentUid: async () => 'anna' }));
afterEach(() => clearPreloaded());

describe('useApi with answers preloaded for a member page (lib/preload.ts)', () => {
  it("never answers a refresh after a write with a preload that came after the page's own answer", async () => {
    // The server: anna's plan, switched below.
    let plan = 'maand';
    const fetchStatus = vi.fn(async () => ({ plan }));
    let refresh: () => Promise<unknown> = async () => undefined;
    function Status() {
      const { data } = useApi('subscription/status', fetchStatus);
      const { mutate } = useSWRConfig();
      refresh = () => mutate('subscription/status');
      return <output>{data?.plan ?? '…'}</output>;
    }
    renderWithProviders(<Status />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('maand'));
    // The member page's boot was late (its code came after the page's: a click from a public page):
    // it asks for what the page already has.
    preloadFor('anna', 'subscription/status', fetchStatus);
    // The member switches to a yearly plan; the page asks again.
    plan = 'jaar';
    await act(async () => {
      await refresh();
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('jaar'));
  });
});
