import type { resendReceiptAdmin } from '@kring/contract';
import { ApiError, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { deliverMail } from '../lib/mail.ts';
import { dunningRecipient } from '../subscription/billing/billing.repo.ts';
import { receiptFile } from '../subscription/invoices/handlers.ts';
import { findOwnDocument } from '../subscription/invoices/invoices.repo.ts';
import { documentNumber, documentTitle, parseDocumentNumber } from '../subscription/invoices/money.ts';
import { appendAdminLog } from './admin-log.repo.ts';
import { receiptMail } from './receipt-mail.ts';

/**
 * Mails the member one of their documents again, to their confirmed address (as every billing mail),
 * and logs it. A mail server that refuses or cannot be reached: 503 MAIL_UNAVAILABLE and no log entry;
 * a connection that broke after handing the mail over counts as sent (it may have arrived).
 */
export const resendReceiptAdminHandler: Handler<typeof resendReceiptAdmin> = async (
  { db, user },
  { uid, number, reason },
) => {
  const n = parseDocumentNumber(number);
  const row = n === null ? undefined : await findOwnDocument(db, uid, n);
  if (!row) throw notFound();
  const recipient = await dunningRecipient(db, uid);
  if (!recipient?.email) throw validationError('number', 'Dit lid heeft geen bevestigd e-mailadres');
  const file = receiptFile(row);
  const outcome = await deliverMail(
    await receiptMail({
      email: recipient.email,
      firstName: recipient.first_name,
      title: documentTitle(row.kind, row.total_cents),
      number: documentNumber(row.number),
      fileName: file.fileName,
      pdf: row.pdf,
    }),
  );
  if (outcome === 'refused') throw new ApiError('UNAVAILABLE', 'MAIL_UNAVAILABLE');
  await appendAdminLog(db, {
    actorUid: user.uid,
    action: 'RESEND_RECEIPT',
    subjectUid: uid,
    reason,
    details: { number: documentNumber(row.number), paymentId: row.payment_id },
  });
  return { sentTo: recipient.email };
};
