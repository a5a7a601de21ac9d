import type { getReceipt, listMyPayments, PaymentHistoryItem } from '@kring/contract';
import { findMembership } from '../../accounts/memberships.repo.ts';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { cents, listPayments } from '../payments.repo.ts';
import { boughtPeriods } from '../plans/periods.ts';
import { listAllPlans, priceNoticesOf } from '../plans/plans.repo.ts';
import { refundsOfMember } from '../refunds/refunds.repo.ts';
import { documentsOfMember, findOwnDocument, type InvoiceRow } from './invoices.repo.ts';
import { documentNumber, parseDocumentNumber } from './money.ts';

/** The member's payments, newest first, with the period each bought, its refunds and its documents. */
export async function paymentHistory(db: Db, uid: string) {
  const [payments, documents, plans, refunds] = await Promise.all([
    listPayments(db, uid),
    documentsOfMember(db, uid),
    listAllPlans(db),
    refundsOfMember(db, uid),
  ]);
  const planName = new Map(plans.map((p) => [p.id, p.name]));
  const periods = boughtPeriods(payments);
  const items: PaymentHistoryItem[] = payments.map((p) => {
    const period = periods.get(p.id);
    return {
      id: p.id,
      date: (p.paid_at ?? p.created_at).toISOString(),
      periodStart: period?.start.toISOString() ?? null,
      periodEnd: period?.end.toISOString() ?? null,
      amountCents: cents(p.amount_value),
      currency: p.amount_currency,
      method: p.method,
      status: p.status,
      refundedCents: cents(p.amount_refunded),
      chargedBackCents: cents(p.amount_charged_back),
      planName: p.plan_id ? (planName.get(p.plan_id) ?? null) : null,
      refunds: refunds
        .filter((r) => r.payment_id === p.id)
        .map((r) => ({
          id: r.id,
          amountCents: r.amount_cents,
          status: r.status,
          createdAt: r.created_at.toISOString(),
        })),
      documents: documents
        .filter((d) => d.payment_id === p.id)
        .map((d) => ({ number: documentNumber(d.number), kind: d.kind, totalCents: d.total_cents })),
    };
  });
  return { items: items.reverse(), plans };
}

/** The caller's own payments, newest first, with the period each bought and its documents. */
export const listMyPaymentsHandler: Handler<typeof listMyPayments> = async ({ db, user }) => {
  const [{ items, plans }, membership, notices] = await Promise.all([
    paymentHistory(db, user.uid),
    findMembership(db, user.uid),
    priceNoticesOf(db, user.uid),
  ]);
  const current = membership?.plan_id ? plans.find((p) => p.id === membership.plan_id) : undefined;
  // Only a notice for the plan the member is on (one who switched plan meanwhile pays the new plan's price).
  const notice = notices.find((n) => n.applied_at === null && n.plan_id === membership?.plan_id);
  return {
    payments: items,
    plan:
      current && membership?.price_cents != null
        ? {
            id: current.id,
            name: current.name,
            interval: membership.subscription_interval ?? current.interval,
            priceCents: membership.price_cents,
          }
        : null,
    priceNotice: notice
      ? { newPriceCents: notice.new_price_cents, effectiveFrom: notice.effective_from.toISOString() }
      : null,
  };
};

/** One of the caller's own documents as issued; another member's number is 404 like an unknown one. */
export const getReceiptHandler: Handler<typeof getReceipt> = async ({ db, user }, { number }) => {
  const n = parseDocumentNumber(number);
  const row = n === null ? undefined : await findOwnDocument(db, user.uid, n);
  if (!row) throw notFound();
  return receiptFile(row);
};

/** A stored document as the download and the mail attach it. */
export const receiptFile = (row: InvoiceRow) => ({
  fileName: `kring-${row.kind === 'invoice' ? 'factuur' : 'creditnota'}-${documentNumber(row.number)}.pdf`,
  contentBase64: row.pdf.toString('base64'),
  sha256: row.sha256,
});
