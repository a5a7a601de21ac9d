import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  membershipOf,
  type PaymentSandbox,
  paidMember,
  postWebhook,
  usePaymentSandbox,
} from '../../../test/subscription.ts';
import { getDb } from '../../lib/db.ts';
import { fetchPayment, listPaymentRefunds, type RefundFacts } from '../mollie.ts';
import { cents, findPayment, type PaymentFacts } from '../payments.repo.ts';

/**
 * A webhook that read Mollie before a refund changed and commits after a later webhook did (docs/
 * payments.md "A refund that does not go through"): the out-of-order commit is forced by handing
 * the late webhook the sandbox's own earlier answers (taken before the change), once.
 */
const stale = vi.hoisted(() => ({
  payment: undefined as PaymentFacts | undefined,
  refunds: undefined as RefundFacts[] | undefined,
}));
vi.mock('../mollie.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../mollie.ts')>();
  const once = <T>(key: 'payment' | 'refunds'): T | undefined => {
    const answer = stale[key];
    stale[key] = undefined;
    return answer as T | undefined;
  };
  return {
    ...real,
    fetchPayment: async (id: string) => once<PaymentFacts>('payment') ?? real.fetchPayment(id),
    listPaymentRefunds: async (id: string) => once<RefundFacts[]>('refunds') ?? real.listPaymentRefunds(id),
  };
});

let ps: PaymentSandbox;
usePaymentSandbox((started) => {
  ps = started;
});
afterEach(() => {
  stale.payment = undefined;
  stale.refunds = undefined;
});

const documentsOf = async (uid: string) =>
  (
    await (
      await getDb()
    )
      .selectFrom('invoices')
      .select(['number', 'total_cents'])
      .where('uid', '=', uid)
      .orderBy('number')
      .execute()
  ).map((d) => d.total_cents);

/** The statuses Kring stores for a refund id (one row, or none). */
const storedStatuses = async (refundId: string) =>
  (await (await getDb()).selectFrom('refunds').select('status').where('id', '=', refundId).execute()).map(
    (r) => r.status,
  );

/** Every document number ever issued: 1…N with no gap or repeat (the counter is gapless). */
async function expectGaplessNumbers() {
  const rows = await (await getDb()).selectFrom('invoices').select('number').orderBy('number').execute();
  expect(rows.map((r) => Number(r.number))).toEqual(rows.map((_, i) => i + 1));
}

/** Mollie's answers for the payment as they are now, to be handed to a later webhook once. */
const readNow = async (paymentId: string) => ({
  payment: (await fetchPayment(paymentId))!,
  refunds: await listPaymentRefunds(paymentId),
});

/** The webhook that read Mollie earlier (`read`) commits now. */
async function lateWebhook(paymentId: string, read: Awaited<ReturnType<typeof readNow>>) {
  Object.assign(stale, read);
  expect((await postWebhook(paymentId)).status).toBe(200);
  expect(stale.payment).toBeUndefined();
}

/** A refund Mollie accepts (`pending`; without `value` the whole payment), and its webhook. */
async function refundPending(paymentId: string, value?: string) {
  const amount = value ? { amount: { currency: 'EUR', value } } : {};
  await ps.control(`payments/${paymentId}/refund`, { ...amount, status: 'pending' });
  expect((await postWebhook(paymentId)).status).toBe(200);
}

describe('a webhook committing a Mollie read older than the last one written', () => {
  it('read before a refund failed, committed after its herstelfactuur: no creditnota again, and no second herstelfactuur', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    // Every webhook below is posted by the test, one after the other; the sandbox's own are dropped.
    ps.webhooks.mode = 'drop';
    await refundPending(paymentId, '2.00');
    expect(await documentsOf(user.uid)).toEqual([995, -200]);
    const before = await readNow(paymentId);
    expect(before.payment.amountRefunded).toBe('2.00');

    // The refund fails; its webhook (B) reads Mollie after the failure and commits first.
    const [refund] = before.refunds;
    await ps.control(`refunds/${refund!.id}/status`, { status: 'failed' });
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -200, 200]);

    // A webhook that read Mollie before the failure (A) commits after B; then the next one (C).
    await lateWebhook(paymentId, before);
    expect(await documentsOf(user.uid)).toEqual([995, -200, 200]);
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -200, 200]);

    const db = await getDb();
    expect(await findPayment(db, paymentId)).toMatchObject({ amount_refunded: '0.00', reversed_at: null });
    const stored = await db.selectFrom('refunds').select('status').where('id', '=', refund!.id).execute();
    expect(stored).toEqual([{ status: 'failed' }]);
    await expectGaplessNumbers();
  });

  it('read before a refund was made, committed after its creditnota: no herstelfactuur, and no second creditnota', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    const before = await readNow(paymentId);
    expect(cents(before.payment.amountRefunded)).toBe(0);

    ps.webhooks.mode = 'drop';
    await refundPending(paymentId, '3.00');
    expect(await documentsOf(user.uid)).toEqual([995, -300]);

    await lateWebhook(paymentId, before);
    expect(await documentsOf(user.uid)).toEqual([995, -300]);
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -300]);
    expect(await findPayment(await getDb(), paymentId)).toMatchObject({ amount_refunded: '3.00' });
    await expectGaplessNumbers();
  });

  it('a full refund read before it failed does not end the membership again after the failure', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    ps.webhooks.mode = 'drop';
    await refundPending(paymentId);
    expect(await documentsOf(user.uid)).toEqual([995, -995]);
    const before = await readNow(paymentId);
    expect(before.payment.amountRefunded).toBe('9.95');

    await ps.control(`refunds/${before.refunds[0]!.id}/status`, { status: 'failed' });
    expect((await postWebhook(paymentId)).status).toBe(200);
    const afterFailure = await membershipOf(user.uid);
    expect(await documentsOf(user.uid)).toEqual([995, -995, 995]);

    await lateWebhook(paymentId, before);
    expect(await documentsOf(user.uid)).toEqual([995, -995, 995]);
    expect(await findPayment(await getDb(), paymentId)).toMatchObject({
      amount_refunded: '0.00',
      reversed_at: null,
    });
    expect((await membershipOf(user.uid))?.status).toBe(afterFailure?.status);
    await expectGaplessNumbers();
  });
});

describe('a refund Kring never stored (made in the Mollie dashboard)', () => {
  it('read before it failed, committed after the failure was applied: no creditnota for money that never went back', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    ps.webhooks.mode = 'drop';
    // Made in the dashboard: no request key, and Mollie calls no webhook for a pending refund, so
    // Kring has no row of it; Mollie calls one when it moves to processing (A) and when it fails (B).
    await ps.control(`payments/${paymentId}/refund`, {
      amount: { currency: 'EUR', value: '2.00' },
      status: 'pending',
    });
    const [made] = await listPaymentRefunds(paymentId);
    await ps.control(`refunds/${made!.id}/status`, { status: 'processing' });
    const processing = await readNow(paymentId);
    expect(processing.payment.amountRefunded).toBe('2.00');

    // The refund fails; B reads Mollie after the failure and commits first, A (read while processing) after it.
    await ps.control(`refunds/${made!.id}/status`, { status: 'failed' });
    expect((await postWebhook(paymentId)).status).toBe(200);
    await lateWebhook(paymentId, processing);

    expect(await documentsOf(user.uid)).toEqual([995]);
    const db = await getDb();
    expect(await findPayment(db, paymentId)).toMatchObject({ amount_refunded: '0.00' });
    expect(await storedStatuses(made!.id)).toEqual(['failed']);
    await expectGaplessNumbers();
  });
});

describe('rows written before refunds were counted from the stored refunds (the first webhook after deploy)', () => {
  it('money refunded with no refund rows (a refund outside Kring applied by a catch-up): no new document, the refund is stored', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    ps.webhooks.mode = 'drop';
    await ps.control(`payments/${paymentId}/refund`, { amount: { currency: 'EUR', value: '2.00' } });
    expect((await postWebhook(paymentId)).status).toBe(200);
    const db = await getDb();
    // The old code's shape: amount_refunded and the creditnota, but no refunds row.
    await db.deleteFrom('refunds').where('payment_id', '=', paymentId).execute();
    expect(await findPayment(db, paymentId)).toMatchObject({ amount_refunded: '2.00' });
    expect(await documentsOf(user.uid)).toEqual([995, -200]);

    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -200]);
    expect(await findPayment(db, paymentId)).toMatchObject({ amount_refunded: '2.00' });
    const stored = await db
      .selectFrom('refunds')
      .select(['amount_cents', 'status'])
      .where('payment_id', '=', paymentId)
      .execute();
    expect(stored).toEqual([{ amount_cents: 200, status: 'refunded' }]);
    await expectGaplessNumbers();
  });

  it('a stored status older than Mollie’s (the old code wrote the last answer): moved forward, no document', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    ps.webhooks.mode = 'drop';
    await refundPending(paymentId, '3.00');
    const [refund] = await listPaymentRefunds(paymentId);
    await ps.control(`refunds/${refund!.id}/status`, { status: 'refunded' });
    const db = await getDb();
    await db.updateTable('refunds').set({ status: 'queued' }).where('id', '=', refund!.id).execute();

    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -300]);
    expect(await storedStatuses(refund!.id)).toEqual(['refunded']);
    await expectGaplessNumbers();
  });
});

describe('a refund and a chargeback on one payment', () => {
  it('the refund fails after the chargeback of the rest: each sum moves on its own, a stale read adds nothing', async () => {
    const { user, firstPaymentId: paymentId } = await paidMember();
    ps.webhooks.mode = 'drop';
    await refundPending(paymentId, '2.00');
    await ps.control(`payments/${paymentId}/chargeback`, {});
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -200, -795]);
    const before = await readNow(paymentId);

    const [refund] = before.refunds;
    await ps.control(`refunds/${refund!.id}/status`, { status: 'failed' });
    expect((await postWebhook(paymentId)).status).toBe(200);
    expect(await documentsOf(user.uid)).toEqual([995, -200, -795, 200]);
    await lateWebhook(paymentId, before);
    expect(await documentsOf(user.uid)).toEqual([995, -200, -795, 200]);
    expect(await findPayment(await getDb(), paymentId)).toMatchObject({
      amount_refunded: '0.00',
      amount_charged_back: '7.95',
    });
    await expectGaplessNumbers();
  });
});
