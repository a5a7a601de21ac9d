/**
 * useSWR for API calls, with the app's retry policy. The policy is set per hook rather than in an
 * SWRConfig around the app, so pages without API calls (the public site) load no SWR code.
 */
import useSWR, { type Revalidator, type RevalidatorOptions, type SWRConfiguration } from 'swr';
import { ApiError } from './api.ts';
import { hasPreloaded, markAsked, takePreloaded } from './preload.ts';

/** Client errors (4xx) will not change by asking again; network and server errors may. */
const shouldRetry = (error: unknown) => !(error instanceof ApiError && error.status < 500);

/** At most 5 retries, 1 s, 2 s, 4 s ... apart (30 s at most). */
function onErrorRetry(
  error: unknown,
  _key: string,
  _config: unknown,
  revalidate: Revalidator,
  { retryCount }: Required<RevalidatorOptions>,
) {
  if (!shouldRetry(error) || retryCount >= 5) return;
  setTimeout(() => revalidate({ retryCount }), Math.min(30_000, 1000 * 2 ** retryCount));
}

/** The answer a page preloaded for the signed-in user (lib/preload.ts), else a new call. */
async function takeOrFetch<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  if (hasPreloaded(key)) {
    const { currentUid } = await import('./firebase.ts');
    const preloaded = takePreloaded<T>(key, await currentUid());
    if (preloaded) return preloaded;
  } else markAsked(key);
  return fetcher();
}

export const useApi = <T>(key: string | null, fetcher: () => Promise<T>, options?: SWRConfiguration<T>) =>
  useSWR(key, () => takeOrFetch(key as string, fetcher), { onErrorRetry, ...options });
