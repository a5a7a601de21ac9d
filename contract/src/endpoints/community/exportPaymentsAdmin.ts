import { z } from 'zod';
import { validationMessages as m } from '../../messages.ts';
import { adminEndpoint } from './admin-schemas.ts';
import { fileDownload } from './exportMembersAdmin.ts';

/** A calendar month 'YYYY-MM' from 2000 on (Kring issues no invoices before then). */
export const exportMonth = z.string(m.monthInvalid).regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, m.monthInvalid);

/** /beheer/export: one month's facturen and creditnota's for the bookkeeper, as CSV (docs/admin.md). */
export const exportPaymentsAdmin = adminEndpoint({
  name: 'exportPaymentsAdmin',
  download: true,
  input: z.object({ month: exportMonth }),
  output: fileDownload,
});
