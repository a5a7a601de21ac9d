import { randomUUID } from 'node:crypto';
import type { createSubscriptionInitialPayment, PersonalDetails } from '@kring/contract';
import { ensureAccount } from '../accounts/accounts.repo.ts';
import { findMembership, hasAccess, saveMembershipDetails } from '../accounts/memberships.repo.ts';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { ApiError, conflict, validationError } from '../lib/errors.ts';
import type { AuthUser, Handler } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { createCustomer, createFirstPayment, isUnknownCustomer } from './mollie.ts';
import { claimPaymentStart, releasePaymentStart } from './payment-starts.repo.ts';
import { latestFirstPayment, recordPayment } from './payments.repo.ts';
import { centsToValue, defaultPlan, findPlan, type PlanRow } from './plans/plans.repo.ts';
import { refreshOpenPayment } from './sync-payment.ts';

const stillOpen = (status: string) => status === 'open' || status === 'pending' || status === 'authorized';

/** A claim older than this was abandoned (the instance died mid-start): far above a start's duration. */
const startLeaseMs = 120_000;
/** How long a second start waits for the first one before answering 503 (the member tries again). */
const startWaitMs = 15_000;
const startPollMs = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stores the personal details and starts the first payment. One start per member at a time (a claim
 * row, taken in one statement, no transaction held across the Mollie calls): a second tab or a resent
 * request waits for the first start and then gets the same open payment, so one member never ends
 * up with two Mollie customers. Mollie is called before anything but the claim is written: when it
 * is unreachable the answer is 503, the claim is released and the database is as it was.
 */
export const createSubscriptionInitialPaymentHandler: Handler<
  typeof createSubscriptionInitialPayment
> = async ({ db, user }, { membership: details, planId }) => {
  const plan = planId ? await findPlan(db, planId) : await defaultPlan(db);
  if (!plan?.active) throw validationError('planId', 'Kies een abonnement.');
  await ensureAccount(db, user);
  const token = randomUUID();
  const deadline = Date.now() + startWaitMs;
  while (!(await claimPaymentStart(db, user.uid, token, startLeaseMs))) {
    if (Date.now() >= deadline) {
      logs.warn('payment start still busy; try again', { uid: user.uid });
      throw new ApiError('UNAVAILABLE', 'PAYMENT_START_BUSY');
    }
    await sleep(startPollMs);
  }
  try {
    return await startPayment(db, user, details, plan);
  } finally {
    await releasePaymentStart(db, user.uid, token);
  }
};

/** The start itself; runs only while the caller holds the member's claim. */
async function startPayment(db: Db, user: AuthUser, details: PersonalDetails, plan: PlanRow) {
  const existing = await findMembership(db, user.uid);
  if (hasAccess(existing)) throw conflict('MEMBERSHIP_ACTIVE');

  const latest = await latestFirstPayment(db, user.uid);
  // An open payment of another plan is left to expire: the member changed their choice.
  if (latest && stillOpen(latest.status) && (latest.plan_id ?? plan.id) === plan.id) {
    // Mollie may have expired it without our knowing (lost webhook): never hand out a dead checkout.
    const fresh = await refreshOpenPayment(db, latest, { force: true });
    if (stillOpen(fresh.status) && fresh.checkout_url) {
      await saveMembershipDetails(db, user.uid, details);
      return { checkoutUrl: fresh.checkout_url, paymentId: fresh.id };
    }
    // Paid meanwhile (webhook still on its way): the member has access now.
    if (hasAccess(await findMembership(db, user.uid))) throw conflict('MEMBERSHIP_ACTIVE');
  }

  const name = `${details.firstName} ${details.lastName}`;
  const stored = existing?.mollie_customer_id ?? null;
  let customer = {
    id: stored ?? (await createCustomer(user.uid, name, user.email)),
    replaces: null as string | null,
  };
  const charge = {
    value: centsToValue(plan.price_cents),
    currency: plan.currency,
    description: `${config.price().description} (${plan.name})`,
  };
  let payment: Awaited<ReturnType<typeof createFirstPayment>>;
  try {
    payment = await createFirstPayment(customer.id, user.uid, charge);
  } catch (error) {
    if (!stored || !isUnknownCustomer(error)) throw error;
    // Mollie no longer knows the stored customer (e.g. a reset sandbox): start over with a new one.
    customer = { id: await createCustomer(user.uid, name, user.email), replaces: stored };
    payment = await createFirstPayment(customer.id, user.uid, charge);
  }

  await db.transaction().execute(async (tx) => {
    await saveMembershipDetails(tx, user.uid, details, customer);
    await recordPayment(tx, user.uid, payment, plan.interval, {
      amountMismatch: false,
      now: new Date(),
      planId: plan.id,
    });
  });
  return { checkoutUrl: payment.checkoutUrl ?? '', paymentId: payment.id };
}
