import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The header count's key; every action in the queue asks it again. */
export const OPEN_REPORTS_COUNT_KEY = 'moderation/count';

/** The number of items with open reports, refreshed every minute. */
export const useOpenReportsCount = () =>
  useApi(OPEN_REPORTS_COUNT_KEY, () => call('community', 'countOpenReportsModerator', {}), {
    refreshInterval: 60_000,
  });
