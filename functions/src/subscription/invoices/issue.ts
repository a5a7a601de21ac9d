import { createHash } from 'node:crypto';
import { findMembership } from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import type { Tx } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { cents, findPayment, listPayments, type PaymentRow } from '../payments.repo.ts';
import { addPeriod, mollieInterval } from '../period.ts';
import { boughtPeriods } from '../plans/periods.ts';
import { findPlan, listActivePlans } from '../plans/plans.repo.ts';
import { documentsOfPayment, insertDocument, nextDocumentNumber } from './invoices.repo.ts';
import { documentNumber, splitVat } from './money.ts';
import { type InvoiceContent, renderInvoicePdf } from './pdf.ts';

const methodNames: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'creditcard',
  directdebit: 'SEPA-incasso',
  paypal: 'PayPal',
};

/**
 * The factuur of a paid payment and a creditnota for money that went back on it (a refund, a
 * chargeback): called in the transaction that recorded the payment (sync-payment.ts applyPayment),
 * after the membership was derived, so the number, the row and the payment commit together or not at
 * all. Idempotent: one factuur per payment; a creditnota only for money that went back and is not
 * credited yet (a second partial refund gets a second creditnota for the difference).
 */
export async function issueDocuments(tx: Tx, uid: string, paymentId: string, now: Date): Promise<void> {
  const payment = await findPayment(tx, paymentId);
  if (!payment || payment.uid !== uid || payment.status !== 'paid' || payment.amount_mismatch) return;
  // The cent that only makes a new mandate ('Betaalmethode wijzigen') buys nothing: no factuur.
  if (payment.purpose === 'mandate') return;
  const issued = await documentsOfPayment(tx, paymentId);
  let invoice = issued.find((d) => d.kind === 'invoice');
  if (!invoice) {
    await issue(tx, payment, 'invoice', cents(payment.amount_value), null, now);
    invoice = (await documentsOfPayment(tx, paymentId)).find((d) => d.kind === 'invoice')!;
  }
  const wentBack = Math.min(
    cents(payment.amount_refunded) + cents(payment.amount_charged_back),
    cents(payment.amount_value),
  );
  // What the creditnota's (and herstelfacturen, positive) issued so far credit, net.
  const credited = -issued.filter((d) => d.kind === 'credit_note').reduce((sum, d) => sum + d.total_cents, 0);
  // More went back: a creditnota for the difference. Less than credited (a refund Mollie reports
  // `failed` or `canceled` after its creditnota, a chargeback the bank reversed): the creditnota
  // stays, as every issued document does, and a herstelfactuur (positive) brings the books back to
  // what was kept (docs/payments.md "Invoices").
  if (wentBack !== credited)
    await issue(tx, payment, 'credit_note', credited - wentBack, invoice.number, now);
}

async function issue(
  tx: Tx,
  payment: PaymentRow,
  kind: 'invoice' | 'credit_note',
  totalCents: number,
  creditsNumber: number | null,
  now: Date,
): Promise<void> {
  const membership = await findMembership(tx, payment.uid);
  if (!membership) return;
  // VAT as the plan says. A payment with no plan recorded (a membership from before 0012) takes the
  // active plan of its interval, else the first active one: the organisation's VAT treatment of
  // membership fees, not a fixed 21% (which would be wrong on every invoice of an exempt organisation).
  const plan =
    (payment.plan_id ? await findPlan(tx, payment.plan_id) : undefined) ??
    (await planForPeriod(tx, payment.period));
  // No plan at all (none configured): the standard rate.
  const vatRateBp = plan ? plan.vat_rate_bp : 2100;
  const vatExemption = plan ? plan.vat_exemption : null;
  const { netCents, vatCents } = splitVat(totalCents, vatRateBp);
  const period =
    boughtPeriods(await listPayments(tx, payment.uid)).get(payment.id) ??
    (payment.paid_at ? { start: payment.paid_at, end: addPeriod(payment.paid_at, payment.period) } : null);
  const number = await nextDocumentNumber(tx);
  const house = `${membership.house_number}${membership.house_number_extension ? ` ${membership.house_number_extension}` : ''}`;
  const method = payment.method ? (methodNames[payment.method] ?? payment.method) : null;
  const content: InvoiceContent = {
    kind,
    number,
    creditsNumber,
    issuedAt: now,
    issuer: config.invoiceIssuer(),
    customer: {
      name: `${membership.first_name} ${membership.last_name}`,
      addressLines: [
        `${membership.street_name} ${house}`,
        `${membership.postal_code} ${membership.city}`,
        membership.country,
      ],
    },
    description: `${config.price().description}${plan ? ` (${plan.name})` : ''}`,
    period,
    currency: payment.amount_currency,
    netCents,
    vatCents,
    totalCents,
    vatRateBp,
    vatExemption,
    paymentLine: paymentLine(kind, totalCents, payment.id, method, creditsNumber),
  };
  const pdf = await renderInvoicePdf(content);
  await insertDocument(tx, {
    number,
    kind,
    uid: payment.uid,
    payment_id: payment.id,
    credits_number: creditsNumber,
    issued_at: now,
    total_cents: totalCents,
    net_cents: netCents,
    vat_cents: vatCents,
    vat_rate_bp: vatRateBp,
    vat_exemption: vatExemption,
    currency: payment.amount_currency,
    pdf,
    sha256: createHash('sha256').update(pdf).digest('hex'),
  });
  logs.info(kind === 'invoice' ? 'invoice issued' : 'credit note issued', {
    uid: payment.uid,
    paymentId: payment.id,
    number: documentNumber(number),
  });
}

/** The line under the amounts: how it was paid, what went back, or what a herstelfactuur undoes. */
function paymentLine(
  kind: 'invoice' | 'credit_note',
  totalCents: number,
  paymentId: string,
  method: string | null,
  creditsNumber: number | null,
): string {
  if (kind === 'invoice') return `Voldaan${method ? ` met ${method}` : ''} (betaling ${paymentId}).`;
  const invoice = documentNumber(creditsNumber!);
  return totalCents < 0
    ? `Terugbetaald of teruggeboekt op betaling ${paymentId}; dit bedrag verrekent factuur ${invoice}.`
    : `Herstelt een eerdere creditnota: de terugbetaling of terugboeking op betaling ${paymentId} is niet uitgevoerd of teruggedraaid, dus dit bedrag blijft voldaan op factuur ${invoice}.`;
}

/** The active plan whose interval is `period`, else the first active plan; undefined without plans. */
async function planForPeriod(tx: Tx, period: string) {
  const plans = await listActivePlans(tx);
  return plans.find((p) => mollieInterval(p.interval) === mollieInterval(period)) ?? plans[0];
}
