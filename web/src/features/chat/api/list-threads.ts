import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const THREADS_KEY = 'threads';

export const useThreads = (enabled: boolean) =>
  useApi(enabled ? THREADS_KEY : null, () => call('community', 'listThreads', {}));
