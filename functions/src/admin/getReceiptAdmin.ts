import type { getReceiptAdmin } from '@kring/contract';
import { notFound } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { receiptFile } from '../subscription/invoices/handlers.ts';
import { findOwnDocument } from '../subscription/invoices/invoices.repo.ts';
import { parseDocumentNumber } from '../subscription/invoices/money.ts';

/** A member's document as issued, for the admin's download; a number of another member is 404. */
export const getReceiptAdminHandler: Handler<typeof getReceiptAdmin> = async ({ db }, { uid, number }) => {
  const n = parseDocumentNumber(number);
  const row = n === null ? undefined : await findOwnDocument(db, uid, n);
  if (!row) throw notFound();
  return receiptFile(row);
};
