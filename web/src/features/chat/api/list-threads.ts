import useSWR from 'swr';
import { call } from '../../../lib/api.ts';

export const THREADS_KEY = 'threads';

export const useThreads = (enabled: boolean) =>
  useSWR(enabled ? THREADS_KEY : null, () => call('community', 'listThreads', {}));
