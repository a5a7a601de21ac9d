import { z } from 'zod';
import type { FileDownload } from '../../endpoint.ts';
import { adminEndpoint } from './admin-schemas.ts';

/** The file an export endpoint answers with (checked by the router for its shape, not its bytes). */
export const fileDownload = z.custom<FileDownload>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileDownload).fileName === 'string' &&
    Symbol.asyncIterator in Object((value as FileDownload).chunks),
);

/** /beheer/export: every member for the ledenadministratie, as CSV (docs/admin.md "Exports"). */
export const exportMembersAdmin = adminEndpoint({
  name: 'exportMembersAdmin',
  download: true,
  input: z.object({}),
  output: fileDownload,
});
