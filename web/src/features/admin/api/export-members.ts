import { callFile } from '../../../lib/api.ts';

/** /beheer/export: every member as CSV (the server streams it; docs/admin.md "Exports"). */
export const exportMembers = () => callFile('community', 'exportMembersAdmin', {});
