import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { globalStyles } from '../components/ui/theme.ts';
import { AuthProvider } from '../lib/auth.tsx';

/** No SWRConfig here: API hooks set their retry policy themselves (lib/use-api.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <Global styles={globalStyles} />
      <AuthProvider>{children}</AuthProvider>
    </>
  );
}
