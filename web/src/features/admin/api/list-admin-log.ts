import { call } from '../../../lib/api.ts';

/** One page of the admin log (admin and moderation actions), newest first. */
export const listAdminLog = (cursor: string | null) =>
  call('community', 'listAdminLogAdmin', { pageSize: 25, cursor });
