import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics.ts';
import { cookieChoice } from '../../../lib/consent.ts';
import { analyticsConsentStore } from '../../../lib/storage.ts';
import { CookieNotice } from './cookie-notice.tsx';

// Analytics configured (lib/env.ts is where the measurement id is read).
vi.mock('../../../lib/env.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/env.ts')>()),
  measurementId: 'G-TEST',
}));
const logAnalyticsEvent = vi.fn(async () => undefined);
const stopAnalytics = vi.fn(async () => undefined);
vi.mock('../../../lib/firebase.ts', () => ({
  logAnalyticsEvent: (...args: unknown[]) => logAnalyticsEvent(...(args as [])),
  stopAnalytics: () => stopAnalytics(),
}));

afterEach(() => {
  localStorage.clear();
  cookieChoice.close();
  vi.clearAllMocks();
});

describe('cookie consent can be changed later', () => {
  it("the footer's Cookies opens the choice again, and withdrawing stops analytics at once", async () => {
    analyticsConsentStore.set('granted');
    render(<CookieNotice />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    track('COMMUNITY_POST_ORDER');
    await vi.waitFor(() => expect(logAnalyticsEvent).toHaveBeenCalledTimes(1));

    act(() => cookieChoice.open());
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy();
    expect(screen.getByText(/toestemming gegeven\. Je kunt die hier intrekken/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Liever niet' }));

    await vi.waitFor(() => expect(stopAnalytics).toHaveBeenCalledTimes(1));
    expect(analyticsConsentStore.get()).toBe('denied');
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    track('COMMUNITY_POST_ORDER');
    await new Promise((r) => setTimeout(r, 20));
    expect(logAnalyticsEvent).toHaveBeenCalledTimes(1);
  });
});
