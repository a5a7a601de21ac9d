import { describe, expect, it } from 'vitest';
import {
  type PaymentSandbox,
  paidMember,
  postWebhook,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { catchUpPayments, catchUpReversals } from '../sync-payment.ts';

/**
 * What the refund listing costs in Mollie calls (docs/payments.md "Out-of-order webhooks"): only a
 * payment Mollie holds refunds of is listed, and a catch-up lists only the payments it applies.
 */
let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

const since = (from: number, pattern: RegExp) =>
  ps.requests.slice(from).filter((l) => pattern.test(l)).length;
const refundListings = /^GET \/v2\/payments\/tr_\w+\/refunds/;

describe('Mollie calls for refunds', () => {
  it('a catch-up over N members lists the refunds of the refunded payments only, once each', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await paidMember());
    ps.webhooks.mode = 'drop';
    // Two of the four were refunded in the dashboard and their webhooks lost.
    for (const m of members.slice(0, 2))
      await ps.control(`payments/${m.firstPaymentId}/refund`, { amount: { currency: 'EUR', value: '1.00' } });
    const db = await getDb();

    let from = ps.requests.length;
    for (const m of members) await catchUpPayments(db, m.user.uid, new Date());
    expect(since(from, refundListings)).toBe(2);
    // Again: nothing differs any more, nothing is applied or listed.
    from = ps.requests.length;
    for (const m of members) await catchUpPayments(db, m.user.uid, new Date());
    expect(since(from, refundListings)).toBe(0);
    from = ps.requests.length;
    await catchUpReversals(
      db,
      new Date(),
      members.map((m) => m.user.uid),
    );
    expect(since(from, refundListings)).toBe(0);
  });

  it('a webhook of a payment without refunds lists none', async () => {
    const { firstPaymentId } = await paidMember();
    const from = ps.requests.length;
    expect((await postWebhook(firstPaymentId)).status).toBe(200);
    expect(since(from, refundListings)).toBe(0);
  });
});
