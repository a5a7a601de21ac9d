import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The moderation log, newest first (first 50); a new `version` asks again after an action. */
export const useModerationLog = (version: number) =>
  useApi(`moderation/log/${version}`, () =>
    call('community', 'listModerationLogModerator', { pageSize: 50, cursor: null }),
  );
