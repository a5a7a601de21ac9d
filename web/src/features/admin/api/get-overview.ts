import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The figures of /beheer (nothing asked while `enabled` is false). */
export const useOverview = (enabled: boolean) =>
  useApi(enabled ? 'admin/overview' : null, () => call('community', 'getOverviewAdmin', {}));
