import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import { OPEN_REPORTS_COUNT_KEY } from './count-open-reports.ts';

/**
 * The open reports, grouped per item (first 50), and `reload`: after an action the queue and the
 * header's count (moderation-count.tsx) are asked again at once.
 */
export function useOpenReports() {
  const reports = useApi('moderation/reports', () =>
    call('community', 'listReportsModerator', { pageSize: 50, cursor: null }),
  );
  const { mutate: mutateKey } = useSWRConfig();
  const { mutate } = reports;
  const reload = useCallback(() => {
    void mutate();
    void mutateKey(OPEN_REPORTS_COUNT_KEY);
  }, [mutate, mutateKey]);
  return { ...reports, reload };
}
