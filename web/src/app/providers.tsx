import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { globalStyles } from '../components/ui/theme.ts';
import { AuthProvider } from '../lib/auth.tsx';

/** No SWRConfig here: API hooks set their retry policy themselves (lib/use-api.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  // The page decides whether a visitor needs the auth SDK at all (lib/auth.tsx).
  const { pathname } = useLocation();
  return (
    <>
      <Global styles={globalStyles} />
      <AuthProvider pathname={pathname}>{children}</AuthProvider>
    </>
  );
}
