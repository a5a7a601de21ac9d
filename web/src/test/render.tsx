/** Test helpers: render inside a router and a fresh SWR cache (the API hooks' cache). */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';

export function Providers({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </SWRConfig>
  );
}

export const renderWithProviders = (ui: ReactElement, path = '/') =>
  render(ui, { wrapper: ({ children }) => <Providers path={path}>{children}</Providers> });

/** Shows the current location, so tests can assert where a redirect went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
