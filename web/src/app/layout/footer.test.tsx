import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth.tsx';
import { cookieChoice } from '../../lib/consent.ts';
import { jsonResponse } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

// Analytics configured (lib/env.ts is where the measurement id is read).
vi.mock('../../lib/env.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/env.ts')>()),
  measurementId: 'G-TEST',
}));
vi.mock('../../lib/firebase.ts', () => ({
  watchAuth: (listener: (user: null) => void) => {
    listener(null);
    return () => {};
  },
  getIdToken: async () => 'token',
}));

const navigation = {
  data: {
    primary: {},
    secondaryMenu: [],
    secondaryFooter: [
      { label: 'Privacyverklaring', url: '/over-ons#privacy' },
      { label: 'Cookies', url: '/over-ons#cookies' },
    ],
    socials: [],
  },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/web/content/navigation')
        ? jsonResponse(navigation)
        : jsonResponse({ data: null }, 404),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  cookieChoice.close();
});

describe('footer', () => {
  it("'Cookies' opens the consent choice again instead of leaving the page", async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <AuthProvider>
          <MemoryRouter>
            <Footer />
          </MemoryRouter>
        </AuthProvider>
      </SWRConfig>,
    );
    const cookies = await screen.findByRole('button', { name: 'Cookies' });
    expect(screen.getByRole('link', { name: 'Privacyverklaring' })).toBeTruthy();
    expect(cookieChoice.isOpen()).toBe(false);
    await userEvent.click(cookies);
    expect(cookieChoice.isOpen()).toBe(true);
  });
});
