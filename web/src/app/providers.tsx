import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { globalStyles } from '../components/ui/theme.ts';
import { AuthProvider } from '../features/auth/hooks/use-auth.tsx';
import { ApiError } from '../lib/api.ts';

/** Client errors (4xx) will not change by asking again; network and server errors may. */
const shouldRetry = (error: unknown) => !(error instanceof ApiError && error.status < 500);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
          if (!shouldRetry(error) || retryCount >= 5) return;
          setTimeout(() => revalidate({ retryCount }), Math.min(30_000, 1000 * 2 ** retryCount));
        },
      }}
    >
      <Global styles={globalStyles} />
      <AuthProvider>{children}</AuthProvider>
    </SWRConfig>
  );
}
