import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers.ts';
import {
  checkout,
  details,
  type PaymentSandbox,
  postWebhook,
  signUp,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';

// Enough connections that many webhooks really run their transactions at the same time (CI runs this
// file on Debian's PostgreSQL with TEST_DATABASE_URL; the embedded PGlite serialises them).
process.env.DB_POOL_MAX = '20';

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});

/** A visitor who paid on the checkout page while every webhook was lost. */
async function paidWithoutWebhook(): Promise<string> {
  const user = await signUp();
  const res = await call('createSubscriptionInitialPayment', { membership: details }, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await checkout(res.body.checkoutUrl, 'paid');
  return res.body.paymentId;
}

describe('invoice numbers', () => {
  it('stay sequential and gapless when 50 paid webhooks arrive at once', async () => {
    ps.webhooks.mode = 'drop';
    const ids: string[] = [];
    for (let batch = 0; batch < 5; batch++) {
      ids.push(...(await Promise.all(Array.from({ length: 10 }, paidWithoutWebhook))));
    }
    ps.webhooks.mode = 'forward';

    // Every webhook twice, all at the same moment: a repeat must not issue a second factuur either.
    const answers = await Promise.all([...ids, ...ids].map((id) => postWebhook(id)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const db = await getDb();
    const ours = await db
      .selectFrom('invoices')
      .select(['number', 'payment_id', 'kind'])
      .where('payment_id', 'in', ids)
      .execute();
    expect(ours).toHaveLength(50);
    expect(new Set(ours.map((d) => d.payment_id)).size).toBe(50);
    expect(ours.every((d) => d.kind === 'invoice')).toBe(true);

    // The whole sequence, across every test that issued one: 1, 2, 3, … without a gap or a repeat.
    const all = await db.selectFrom('invoices').select('number').orderBy('number').execute();
    expect(all.map((d) => Number(d.number))).toEqual(all.map((_, i) => i + 1));
    const counter = await db.selectFrom('invoice_counter').select('last_number').executeTakeFirstOrThrow();
    expect(Number(counter.last_number)).toBe(all.length);
  }, 120_000);
});
